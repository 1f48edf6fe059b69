import { useEffect, useId, useState } from 'react';
import type { DisguiseKind } from '../../lib/disguise-mode';
import { fetchHomeApp, writeHomeApp } from '../../lib/home-app';
import { useT } from '../../lib/i18n';

const CHOICES: { value: DisguiseKind; labelKey: string }[] = [
  { value: 'weather', labelKey: 'settings.homeAppWeather' },
  { value: 'notes', labelKey: 'settings.homeAppNotes' },
];

/** Which everyday app the home-screen icon looks like. */
export function HomeAppSection() {
  const t = useT();
  const id = useId();
  const [choice, setChoice] = useState<DisguiseKind | null>(null);

  useEffect(() => {
    let live = true;
    void fetchHomeApp().then((kind) => {
      if (live) setChoice((now) => now ?? kind);
    });
    return () => {
      live = false;
    };
  }, []);

  const choose = (kind: DisguiseKind) => {
    writeHomeApp(kind);
    setChoice(kind);
  };

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="settings-heading">
        {t('settings.homeAppHeading')}
      </h2>
      <p>{t('settings.homeAppIntro')}</p>
      <fieldset className="settings-choices">
        <legend className="sr-only">{t('settings.homeAppLegend')}</legend>
        {CHOICES.map((c) => (
          <label key={c.value} className="settings-choice">
            <input
              type="radio"
              name={`${id}-app`}
              value={c.value}
              checked={choice === c.value}
              onChange={() => choose(c.value)}
            />
            {t(c.labelKey)}
          </label>
        ))}
      </fieldset>
      <p>{t('settings.homeAppChange')}</p>
    </section>
  );
}
