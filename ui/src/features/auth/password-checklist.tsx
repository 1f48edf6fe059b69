import { PASSWORD_RULES } from './password-rules';

/** Live list of the five sign-up rules, each marked met or not met as the user types. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  return (
    <ul id={id} className="auth-checklist" aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? 'auth-rule auth-rule-met' : 'auth-rule'} data-met={met}>
            <span className="auth-rule-mark" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            {rule.label}
            <span className="sr-only">{met ? ' (met)' : ' (not met)'}</span>
          </li>
        );
      })}
    </ul>
  );
}
