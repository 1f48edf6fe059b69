import { useId, useState } from 'react';
import { useT } from '../../lib/i18n';
import { EyeIcon, EyeOffIcon } from '../../components/icons';

type Props = {
  label: string;
  value: string;
  onChange(value: string): void;
  autoComplete: string;
  /** The show/hide button's accessible name, e.g. 'Show password'. */
  toggleLabel: string;
  describedBy?: string;
};

/** A password input with an accessible show/hide toggle (a pressed/not-pressed button). */
export function PasswordField({ label, value, onChange, autoComplete, toggleLabel, describedBy }: Props) {
  const t = useT();
  const id = useId();
  const [visible, setVisible] = useState(false);
  return (
    <div className="auth-field">
      <label className="label" htmlFor={id}>
        {label}
      </label>
      <div className="auth-password">
        <input
          id={id}
          className="input"
          type={visible ? 'text' : 'password'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={autoComplete}
          required
          aria-describedby={describedBy}
        />
        <button
          type="button"
          className="auth-reveal"
          aria-label={toggleLabel}
          aria-pressed={visible}
          title={visible ? t('auth.hide') : t('auth.show')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon /> : <EyeIcon />}
        </button>
      </div>
    </div>
  );
}
