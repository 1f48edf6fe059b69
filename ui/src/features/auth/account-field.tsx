import { useId } from 'react';
import { useT } from '../../lib/i18n';
import type { SignInNames } from '../../lib/sign-in-name';

/** How she signs up: a private sign-in name (recommended) or her e-mail address. */
export type AccountMethod = 'name' | 'email';

type Props = {
  signUp: boolean;
  /** The operator's choice (config `auth.sign_in_names`). */
  policy: SignInNames;
  method: AccountMethod;
  onMethod(method: AccountMethod): void;
  value: string;
  onChange(value: string): void;
  /** 'Remember my e-mail on this device' is on: the browser may offer and keep her sign-in name; off, it keeps nothing. */
  remember: boolean;
  /** An e-mail sign-up waits for the link in a confirmation e-mail (config `auth.confirm_email`). */
  confirmEmail?: boolean;
};

/**
 * The account part of the form. Signing in takes an e-mail address or a sign-in name in one field; signing up
 * offers the choice, a name first and recommended, unless the operator allows only one kind
 * (docs/product.md, "Accounts").
 */
export function AccountField({ signUp, policy, method, onMethod, value, onChange, remember, confirmEmail = false }: Props) {
  const t = useT();
  const id = useId();
  const hintId = `${id}-hint`;
  const choose = signUp && policy === 'allow';
  const asName = signUp ? method === 'name' : policy !== 'off';
  const label = signUp ? (asName ? t('auth.signInName') : t('auth.email')) : asName ? t('auth.emailOrName') : t('auth.email');
  // An e-mail sign-up tells whoever knows her address that she has an account here, unless the server confirms by
  // e-mail, which answers alike for a new address and a taken one but leaves a message in her inbox.
  const emailHint = confirmEmail ? t('auth.emailHintConfirm') : t('auth.emailHint');
  const hint = signUp ? (asName ? t('auth.nameHint') : policy === 'allow' ? emailHint : null) : null;

  return (
    <>
      {choose ? (
        <fieldset className="auth-choice">
          <legend className="label">{t('auth.signUpWith')}</legend>
          {(['name', 'email'] as const).map((m) => (
            <label key={m} className="auth-choice-option">
              <input
                type="radio"
                name={`${id}-method`}
                value={m}
                checked={method === m}
                onChange={() => onMethod(m)}
              />
              {m === 'name' ? t('auth.useName') : t('auth.useEmail')}
            </label>
          ))}
        </fieldset>
      ) : null}
      <div className="auth-field">
        <label className="label" htmlFor={id}>
          {label}
        </label>
        <input
          id={id}
          className="input"
          type={asName ? 'text' : 'email'}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          autoComplete={remember ? 'username' : 'off'}
          autoCapitalize="none"
          spellCheck={false}
          required
          aria-describedby={hint ? hintId : undefined}
        />
        {hint ? (
          <p id={hintId} className="auth-hint">
            {hint}
          </p>
        ) : null}
      </div>
    </>
  );
}
