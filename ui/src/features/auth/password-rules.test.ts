import { describe, expect, it } from 'vitest';
import sharedCases from '../../../../tests/fixtures/password-rules.json';
import { englishText } from '../../lib/english-text';
import { PASSWORD_RULES, signUpProblem } from './password-rules';
import { SIGN_UP_PROBLEM_KEYS } from './sign-up-problem-keys';

/** What the sign-up screen says in English for these two fields, or null when they pass. */
const validateSignUp = (password: string, confirm: string) => {
  const problem = signUpProblem(password, confirm);
  return problem && englishText(SIGN_UP_PROBLEM_KEYS[problem]);
};
const passwordError = (password: string) => validateSignUp(password, password);

type SharedCase = { password: string; first_failure: string | null; why: string };

describe('sign-up validation', () => {
  it('reports a mismatch before any password rule', () => {
    expect(validateSignUp('a', 'b')).toBe('Password and Confirm Password do not match.');
  });

  it('checks the rules in the product’s order and shows only the first failure', () => {
    const cases: Array<[string, string | null]> = [
      ['', 'Password must be at least 8 characters long.'],
      ['abc', 'Password must be at least 8 characters long.'],
      ['abcdefgh', 'Password must contain at least one uppercase letter.'],
      ['ABCDEFGH', 'Password must contain at least one lowercase letter.'],
      ['Abcdefgh', 'Password must contain at least one digit.'],
      ['Abcdefg1', 'Password must contain at least one special character (e.g., !@#$%).'],
      ['Abcdefg1!', null],
    ];
    for (const [pw, expected] of cases) {
      expect(validateSignUp(pw, pw), pw).toBe(expected);
      expect(passwordError(pw), pw).toBe(expected);
    }
  });

  it('a short password lacking everything still reports length first', () => {
    expect(passwordError('!')).toBe('Password must be at least 8 characters long.');
  });

  it('has the five checklist rules in order', () => {
    expect(PASSWORD_RULES.map((r) => r.id)).toEqual(['length', 'upper', 'lower', 'digit', 'special']);
  });

  // The same cases the server's unit test runs (src/auth/password_rules.rs): one rule, two checks.
  it('agrees with the server on the shared cases', () => {
    const cases: SharedCase[] = sharedCases;
    expect(cases.length).toBeGreaterThanOrEqual(10);
    for (const c of cases) {
      expect(passwordError(c.password), `${c.password} (${c.why})`).toBe(c.first_failure);
    }
  });
});
