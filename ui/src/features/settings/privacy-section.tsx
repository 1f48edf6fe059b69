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
import './privacy-section.css';

const IDLE_CHOICES: { value: IdleScreen; label: string }[] = [
  { value: 'weather', label: 'The weather screen' },
  { value: 'notes', label: 'The notes screen' },
  { value: 'sign-in', label: 'The sign-in screen' },
];

/** Where the automatic sign-out lands, how to come back from a disguise, and Voice Entry. */
export function PrivacySection() {
  const id = useId();
  const [idleScreen, setIdleScreen] = useStoredChoice(readIdleScreen, writeIdleScreen);
  const [voiceOn, setVoiceOn] = useStoredChoice(voiceEntryEnabled, writeVoiceEntryEnabled);
  const [onlineOk, setOnlineOk] = useStoredChoice(voiceOnlineAccepted, writeVoiceOnlineAccepted);

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="settings-heading">
        When you step away
      </h2>
      <p>
        After two minutes without activity you are signed out, even if the page was closed or the browser restarted.
        Choose what the screen shows then:
      </p>
      <fieldset className="settings-choices">
        <legend className="sr-only">Screen after the automatic sign-out</legend>
        {IDLE_CHOICES.map((c) => (
          <label key={c.value} className="settings-choice">
            <input
              type="radio"
              name={`${id}-idle`}
              value={c.value}
              checked={idleScreen === c.value}
              onChange={() => setIdleScreen(c.value)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>

      <h3 className="settings-subheading">Coming back from a disguise</h3>
      <p>
        A disguise stays on this device, even in a new tab or after a restart, until you leave it yourself. To leave
        it, press and hold the title at the top of the screen (&lsquo;Weather&rsquo; or &lsquo;Notes&rsquo;) for two
        seconds. With a keyboard, move to the title with Tab and hold Enter for two seconds. A short tap does nothing,
        so the screen looks ordinary to anyone else.
      </p>

      <h3 className="settings-subheading">Voice Entry</h3>
      <p>
        Where your browser can turn speech into text on this device, Voice Entry uses that. Otherwise the browser may
        send your voice to its maker&rsquo;s online service, and you are asked before the first time.
      </p>
      <label className="settings-choice">
        <input type="checkbox" checked={voiceOn} onChange={(e) => setVoiceOn(e.target.checked)} />
        Offer Voice Entry in the journal
      </label>
      {onlineOk ? (
        <p>
          <button type="button" className="btn btn-secondary" onClick={() => setOnlineOk(false)}>
            Ask me again before using an online speech service
          </button>
        </p>
      ) : null}
      <p>
        These choices, whether a disguise is on and the time of your last activity are kept on this device. The
        disguise is also kept in a small cookie, so that our server sends the disguise&rsquo;s page whatever address
        is opened. None of them holds anything you wrote.
      </p>
    </section>
  );
}
