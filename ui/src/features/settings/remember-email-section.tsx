import { useId, useState } from 'react';
import { rememberEmailEnabled, setRememberEmailEnabled } from '../../lib/remember-email';

/** The 'Remember my e-mail on this device' switch. Off: nothing of her e-mail stays after she leaves. */
export function RememberEmailSection() {
  const [on, setOn] = useState(rememberEmailEnabled);
  const id = useId();
  return (
    <section className="card" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="settings-heading">
        Your e-mail on this device
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
        Remember my e-mail on this device
      </label>
      <p>
        When this is on, the sign-in screen fills in your e-mail for you. Turn it off if someone else uses this
        device: your e-mail is forgotten now, and nothing of it stays here after you sign out or leave.
      </p>
    </section>
  );
}
