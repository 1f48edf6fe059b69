import { useT } from '../../lib/i18n';
import { PASSWORD_RULES, type PasswordRule } from './password-rules';

const LABEL_KEYS: Record<PasswordRule['id'], string> = {
  length: 'auth.ruleLength',
  upper: 'auth.ruleUpper',
  lower: 'auth.ruleLower',
  digit: 'auth.ruleDigit',
  special: 'auth.ruleSpecial',
};

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
