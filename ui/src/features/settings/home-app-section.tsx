import { useEffect, useId, useState } from 'react';
import type { DisguiseKind } from '../../lib/disguise-mode';
import { fetchHomeApp, writeHomeApp } from '../../lib/home-app';

const CHOICES: { value: DisguiseKind; label: string }[] = [
  { value: 'weather', label: 'Weather Forecast: opens on today\u2019s weather' },
  { value: 'notes', label: 'Quick Notes: opens on a list of notes' },
];

/** Which everyday app the home-screen icon looks like. */
export function HomeAppSection() {
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
        On your home screen
      </h2>
      <p>
        You can add this app to your phone&rsquo;s home screen from the browser&rsquo;s menu (&lsquo;Add to Home
        screen&rsquo; or &lsquo;Install app&rsquo;). It then looks like an everyday app, with that app&rsquo;s name
        and icon, and opens on its screen. Its name never mentions us. Choose which one:
      </p>
      <fieldset className="settings-choices">
        <legend className="sr-only">The app on the home screen</legend>
        {CHOICES.map((c) => (
          <label key={c.value} className="settings-choice">
            <input
              type="radio"
              name={`${id}-app`}
              value={c.value}
              checked={choice === c.value}
              onChange={() => choose(c.value)}
            />
            {c.label}
          </label>
        ))}
      </fieldset>
      <p>
        If it is already on your home screen, the phone may take a while to change its name and icon; removing it
        and adding it again is quicker. This choice is kept in a small cookie on this device.
      </p>
    </section>
  );
}
