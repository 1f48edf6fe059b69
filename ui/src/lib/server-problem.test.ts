import { describe, expect, it } from 'vitest';
import serverMessages from '../../../tests/fixtures/server-messages.json';
import hindi from '../locales/hi';
import { englishText } from './english-text';
import { interpolate, type Translate } from './i18n';
import { codeProblemKey, problemText, SERVER_PROBLEM_KEYS } from './server-problem';

const inHindi: Translate = (key, vars) => {
  const [ns, name] = key.split('.');
  return interpolate(String(hindi[ns][name]), vars);
};

describe('words for a refused auth call', () => {
  const refused = { code: 'invalid_credentials', message: 'Invalid login credentials' };

  it("shows the server's own message in English, as docs/product.md asks", () => {
    expect(problemText(refused, 'en', englishText, 'common.errorGeneric')).toBe('Invalid login credentials');
    expect(problemText({ message: 'Failed to fetch' }, 'en', englishText, 'common.errorGeneric')).toBe('Failed to fetch');
    expect(problemText(null, 'en', englishText, 'common.googleError')).toBe('An error occurred during Google sign-in');
  });

  it('shows her language for a known refusal, and a plain sentence for an unknown one', () => {
    expect(problemText(refused, 'hi', inHindi, 'common.errorGeneric')).toBe(hindi.common.problemInvalidCredentials);
    expect(problemText({ code: 'something_new', message: 'Something new' }, 'hi', inHindi, 'common.errorGeneric')).toBe(
      hindi.common.errorGeneric,
    );
  });

  it("keeps the server's English words for every refusal the server names (tests/fixtures/server-messages.json)", () => {
    for (const [code, message] of Object.entries(serverMessages)) {
      expect(SERVER_PROBLEM_KEYS[code], code).toBeDefined();
      expect(englishText(SERVER_PROBLEM_KEYS[code]), code).toBe(message);
    }
  });

  it('names each answer to an authenticator code', () => {
    expect(englishText(codeProblemKey({ code: 'mfa_verification_failed' }))).toMatch(/^That code is not right/);
    expect(englishText(codeProblemKey({ status: 429 }))).toMatch(/^Too many tries/);
    expect(englishText(codeProblemKey({ code: 'mfa_challenge_expired' }))).toMatch(/too long/);
    expect(englishText(codeProblemKey(null))).toMatch(/^Something went wrong checking the code/);
  });
});
