import type { Translate } from './i18n';

/**
 * The auth server's refusals a person can meet on a screen, by GoTrue error code, with their catalogue key.
 * English shows the server's own message (docs/product.md: "show the provider's message"), which these English texts
 * repeat (checked against tests/fixtures/server-messages.json on both sides); other languages show the catalogue's
 * words, so no English is left on a Hindi screen.
 */
export const SERVER_PROBLEM_KEYS: Record<string, string> = {
  invalid_credentials: 'common.problemInvalidCredentials',
  user_already_exists: 'common.problemUserExists',
  email_exists: 'common.problemUserExists',
  signup_disabled: 'common.problemSignupDisabled',
  user_banned: 'common.problemBanned',
  over_request_rate_limit: 'common.problemRateLimit',
  // Its English names the seconds to wait; other languages say to wait a while.
  over_email_send_rate_limit: 'common.problemRateLimit',
  email_not_confirmed: 'common.problemNotConfirmed',
  same_password: 'common.problemSamePassword',
  server_busy: 'common.problemBusy',
  reauthentication_needed: 'common.problemSignInAgain',
};

type ServerError = { code?: unknown; message?: unknown };

/** The words for a failed auth call: the server's message in English, the catalogue's elsewhere. */
export function problemText(error: unknown, lang: string, t: Translate, fallbackKey: string): string {
  const { code, message } = (error && typeof error === 'object' ? error : {}) as ServerError;
  const key = typeof code === 'string' ? SERVER_PROBLEM_KEYS[code] : undefined;
  if (lang === 'en' && typeof message === 'string' && message.trim()) return message;
  return t(key ?? fallbackKey);
}

/** Words for the server's answers to an authenticator code, shared by every place that asks for one. */
export function codeProblemKey(error: { code?: string; status?: number } | null | undefined): string {
  if (error?.code === 'mfa_verification_failed') return 'common.codeWrong';
  if (error?.status === 429) return 'common.codeTooManyTries';
  if (error?.code === 'mfa_challenge_expired') return 'common.codeExpired';
  return 'common.codeFailed';
}
