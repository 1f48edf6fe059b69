import { useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { rememberEmailEnabled, setRememberEmailEnabled } from '../../lib/remember-email';

/** The 'Remember my e-mail on this device' switch. Off: nothing of her e-mail stays after she leaves. */
export function RememberEmailSection() {
  const t = useT();
  const [on, setOn] = useState(rememberEmailEnabled);
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="settings-heading">
        {t('settings.rememberHeading')}
      </h2>
      <label className="settings-check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          checked={on}
          onChange={(e) => {
            setRememberEmailEnabled(e.target.checked);
            setOn(e.target.checked);
          }}
        />
        {t('settings.rememberLabel')}
      </label>
      <p>
        {t('settings.rememberIntro')}
      </p>
    </section>
  );
}
