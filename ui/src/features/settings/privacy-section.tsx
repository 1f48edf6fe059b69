import { useId } from 'react';
import {
  readIdleScreen,
  useStoredChoice,
  voiceEntryEnabled,
  voiceOnlineAccepted,
  writeIdleScreen,
  writeVoiceEntryEnabled,
  writeVoiceOnlineAccepted,
  type IdleScreen,
} from '../../lib/privacy-prefs';
import { useT } from '../../lib/i18n';
import './privacy-section.css';

const IDLE_CHOICES: { value: IdleScreen; labelKey: string }[] = [
  { value: 'weather', labelKey: 'settings.idleWeather' },
  { value: 'notes', labelKey: 'settings.idleNotes' },
  { value: 'sign-in', labelKey: 'settings.idleSignIn' },
];

/** Where the automatic sign-out lands, how to come back from a disguise, and Voice Entry. */
export function PrivacySection() {
  const t = useT();
  const id = useId();
  const [idleScreen, setIdleScreen] = useStoredChoice(readIdleScreen, writeIdleScreen);
  const [voiceOn, setVoiceOn] = useStoredChoice(voiceEntryEnabled, writeVoiceEntryEnabled);
  const [onlineOk, setOnlineOk] = useStoredChoice(voiceOnlineAccepted, writeVoiceOnlineAccepted);

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="settings-heading">
        {t('settings.stepAwayHeading')}
      </h2>
      <p>{t('settings.stepAwayIntro')}</p>
      <fieldset className="settings-choices">
        <legend className="sr-only">{t('settings.idleLegend')}</legend>
        {IDLE_CHOICES.map((c) => (
          <label key={c.value} className="settings-choice">
            <input
              type="radio"
              name={`${id}-idle`}
              value={c.value}
              checked={idleScreen === c.value}
              onChange={() => setIdleScreen(c.value)}
            />
            {t(c.labelKey)}
          </label>
        ))}
      </fieldset>

      <h3 className="settings-subheading">{t('settings.disguiseBackHeading')}</h3>
      <p>{t('settings.disguiseBack')}</p>

      <h3 className="settings-subheading">{t('settings.voiceHeading')}</h3>
      <p>{t('settings.voiceIntro')}</p>
      <label className="settings-choice">
        <input type="checkbox" checked={voiceOn} onChange={(e) => setVoiceOn(e.target.checked)} />
        {t('settings.voiceOffer')}
      </label>
      {onlineOk ? (
        <p>
          <button type="button" className="btn btn-secondary" onClick={() => setOnlineOk(false)}>
            {t('settings.voiceAskAgain')}
          </button>
        </p>
      ) : null}
      <p>{t('settings.choicesKept')}</p>
    </section>
  );
}
