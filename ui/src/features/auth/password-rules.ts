/**
 * Sign-up password rules, in the order they are checked (docs/product.md). The server applies the
 * same rules with the same texts (src/auth/password_rules.rs); both run the cases in
 * tests/fixtures/password-rules.json. Letters are any script's letters, digits are 0-9, a special
 * character is anything that is not a letter, a number or white space (so `é` is a letter, `€` and
 * emoji are special), and length counts characters, not UTF-16 units.
 */
export type PasswordRule = {
  id: 'length' | 'upper' | 'lower' | 'digit' | 'special';
  /** Checklist text. */
  label: string;
  /** Error shown when this is the first rule that fails. */
  message: string;
  test(password: string): boolean;
};

export const MIN_PASSWORD_LENGTH = 8;

export const PASSWORD_RULES: readonly PasswordRule[] = [
  {
    id: 'length',
    label: 'At least 8 characters',
    message: 'Password must be at least 8 characters long.',
    test: (p) => [...p].length >= MIN_PASSWORD_LENGTH,
  },
  {
    id: 'upper',
    label: 'One uppercase letter',
    message: 'Password must contain at least one uppercase letter.',
    test: (p) => /\p{Uppercase}/u.test(p),
  },
  {
    id: 'lower',
    label: 'One lowercase letter',
    message: 'Password must contain at least one lowercase letter.',
    test: (p) => /\p{Lowercase}/u.test(p),
  },
  {
    id: 'digit',
    label: 'One digit',
    message: 'Password must contain at least one digit.',
    test: (p) => /[0-9]/.test(p),
  },
  {
    id: 'special',
    label: 'One special character',
    message: 'Password must contain at least one special character (e.g., !@#$%).',
    test: (p) => /[^\p{Alphabetic}\p{Number}\p{White_Space}]/u.test(p),
  },
];

export const PASSWORD_MISMATCH = 'Password and Confirm Password do not match.';

/** The first failing password rule's message, or null when all pass. */
export function passwordError(password: string): string | null {
  const failed = PASSWORD_RULES.find((r) => !r.test(password));
  return failed ? failed.message : null;
}

/** Sign-up check: the passwords must match, then the rules apply in order. Null means valid. */
export function validateSignUp(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return PASSWORD_MISMATCH;
  return passwordError(password);
}

/** What is wrong with a sign-up, as a rule id (or 'mismatch') the screen turns into its own language. */
export type SignUpProblem = PasswordRule['id'] | 'mismatch';

export function signUpProblem(password: string, confirmPassword: string): SignUpProblem | null {
  if (password !== confirmPassword) return 'mismatch';
  const failed = PASSWORD_RULES.find((r) => !r.test(password));
  return failed ? failed.id : null;
}
