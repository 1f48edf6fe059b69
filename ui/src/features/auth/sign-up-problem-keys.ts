import type { Translate } from '../../lib/i18n';
import { PASSWORD_RULES, signUpProblem, type PasswordRule, type SignUpProblem } from './password-rules';

/** Catalogue key of each sign-up problem's message (the product's validation texts). */
export const SIGN_UP_PROBLEM_KEYS: Record<SignUpProblem, string> = {
  mismatch: 'auth.errorMismatch',
  length: 'auth.errorLength',
  upper: 'auth.errorUpper',
  lower: 'auth.errorLower',
  digit: 'auth.errorDigit',
  special: 'auth.errorSpecial',
};

/** Catalogue key of each rule's line in the checklist ("At least 8 characters"). */
export const RULE_LABEL_KEYS: Record<PasswordRule['id'], string> = {
  length: 'auth.ruleLength',
  upper: 'auth.ruleUpper',
  lower: 'auth.ruleLower',
  digit: 'auth.ruleDigit',
  special: 'auth.ruleSpecial',
};

/**
 * What the screen says about a new password, or null when it passes: a mismatch first; one missing rule by its own
 * sentence; several all at once ("still needs: at least 8 characters, one digit and one special character"), so
 * she is not sent back once for each. (The server names the first only, as GoTrue does; its reasons list all.)
 */
export function signUpProblemText(t: Translate, lang: string, password: string, confirm: string): string | null {
  const first = signUpProblem(password, confirm);
  if (!first) return null;
  const missing = PASSWORD_RULES.filter((r) => !r.test(password));
  if (first === 'mismatch' || missing.length < 2) return t(SIGN_UP_PROBLEM_KEYS[first]);
  const lines = missing.map((r) => {
    const label = t(RULE_LABEL_KEYS[r.id]);
    return label.charAt(0).toLocaleLowerCase(lang) + label.slice(1);
  });
  return t('auth.errorMissing', { list: new Intl.ListFormat(lang, { type: 'conjunction' }).format(lines) });
}
