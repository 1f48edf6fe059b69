import { useT } from '../../lib/i18n';
import { PASSWORD_RULES } from './password-rules';
import { RULE_LABEL_KEYS as LABEL_KEYS } from './sign-up-problem-keys';

/** Live list of the five sign-up rules, each marked met or not met as the user types. */
export function PasswordChecklist({ id, password }: { id: string; password: string }) {
  const t = useT();
  return (
    <ul id={id} className="auth-checklist" aria-label={t('auth.requirements')}>
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <li key={rule.id} className={met ? 'auth-rule auth-rule-met' : 'auth-rule'} data-met={met}>
            <span className="auth-rule-mark" aria-hidden="true">
              {met ? '✓' : '○'}
            </span>
            {t(LABEL_KEYS[rule.id])}
            <span className="sr-only">{met ? t('auth.met') : t('auth.notMet')}</span>
          </li>
        );
      })}
    </ul>
  );
}
