import { describe, expect, it } from 'vitest';
import { PASSWORD_RULES, passwordError, validateSignUp } from './password-rules';

describe('sign-up validation', () => {
  it('reports a mismatch before any password rule', () => {
    expect(validateSignUp('a', 'b')).toBe('Password and Confirm Password do not match.');
  });

  it('checks the rules in SPEC order and shows only the first failure', () => {
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
    expect(PASSWORD_RULES.map((r) => r.label)).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One lowercase letter',
      'One digit',
      'One special character',
    ]);
  });
});
