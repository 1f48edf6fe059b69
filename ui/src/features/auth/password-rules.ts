/**
 * Sign-up password rules, in the order they are checked (docs/product.md). The server applies the
 * same rules with the same English texts (src/auth/password_rules.rs; the screens' texts are in the auth catalogue); both run the cases in
 * tests/fixtures/password-rules.json. Letters are any script's letters, digits are 0-9, a special
 * character is anything that is not a letter, a number or white space (so `é` is a letter, `€` and
 * emoji are special), and length counts characters, not UTF-16 units.
 */
export type PasswordRule = {
  id: 'length' | 'upper' | 'lower' | 'digit' | 'special';
  test(password: string): boolean;
};

export const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    test: (p) => [...p].length >= MIN_PASSWORD_LENGTH,
  },
  {
    id: 'upper',
    test: (p) => /\p{Uppercase}/u.test(p),
  },
  {
    id: 'lower',
    test: (p) => /\p{Lowercase}/u.test(p),
  },
  {
    id: 'digit',
    test: (p) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    test: (p) => /[^\p{Alphabetic}\p{Number}\p{White_Space}]/u.test(p),
  },
];

/** What is wrong with a sign-up, as a rule id (or 'mismatch') the screen turns into its own language. */
export type SignUpProblem = PasswordRule['id'] | 'mismatch';

export function signUpProblem(password: string, confirmPassword: string): SignUpProblem | null {
  if (password !== confirmPassword) return 'mismatch';
  const failed = PASSWORD_RULES.find((r) => !r.test(password));
  return failed ? failed.id : null;
}
