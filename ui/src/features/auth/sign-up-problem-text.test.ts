import { describe, expect, it } from 'vitest';
import { englishText } from '../../lib/english-text';
import { signUpProblemText } from './sign-up-problem-keys';

const say = (password: string, confirm = password) => signUpProblemText(englishText, 'en', password, confirm);

describe('what the screen says about a weak password (issue 36: it named one missing rule of several)', () => {
  it('names every missing rule at once', () => {
    expect(say('abc')).toBe(
      'Your password still needs: at least 8 characters, one uppercase letter, one digit, and one special character.',
    );
    expect(say('abcdefgh')).toBe('Your password still needs: one uppercase letter, one digit, and one special character.');
  });

  it('one missing rule keeps its own sentence, a mismatch comes first, a good password passes', () => {
    expect(say('Abcdefg1')).toBe('Password must contain at least one special character (e.g., !@#$%).');
    expect(say('Abcdefg1!', 'other')).toBe('Password and Confirm Password do not match.');
    expect(say('Abcdefg1!')).toBeNull();
  });
});
