import { useCallback } from 'react';
import { useAuth } from '../../providers/auth';
import { ApiError, apiRequest } from '../../lib/api-request';
import { useLanguage, useT } from '../../lib/i18n';
import { formatDateTime } from '../../lib/dates';

/** A call to `/api/operator/...` with this session's token (the app's one session, gone at sign-out). */
export function useConsoleCall() {
  const { session } = useAuth();
  const token = session?.access_token ?? '';
  return useCallback(
    <T>(method: string, path: string, body?: unknown) => apiRequest<T>(token, method, `/operator${path}`, body),
    [token],
  );
}

const MAIL_REASONS: Record<string, string> = {
  refused: 'operator.mailRefused',
  unreachable: 'operator.mailUnreachable',
  timeout: 'operator.mailTimeout',
};

/** Why mail did not go, in plain words ('refused', 'unreachable', 'timeout', anything else). */
export function useMailReason() {
  const t = useT();
  return useCallback((reason: unknown) => t(MAIL_REASONS[String(reason)] ?? 'operator.mailOther'), [t]);
}

/** A panel's own words for some refusals: a search that found nothing, a mail server's refusal. */
export type ProblemWords = { notFound?: string; invalid?: string; mailFailed?: (reason: string) => string };

/**
 * A refusal in the console's own words: the server's messages are English only, so its code picks the text. A
 * panel may give its own words for a 404 (an account search that found nothing) or a 400.
 */
export function useProblemText() {
  const t = useT();
  const mailReason = useMailReason();
  return useCallback(
    (err: unknown, own: ProblemWords = {}) => {
      if (!(err instanceof ApiError)) return t('operator.problemFailed');
      switch (err.code) {
        case 'not_signed_in':
          return t('operator.problemNotSignedIn');
        case 'wrong_area':
          return t('operator.wrongArea');
        case 'two_step_needed':
          return t('operator.problemTwoStep');
        case 'not_found':
          return own.notFound ?? t('operator.problemNotFound');
        case 'invalid_request':
          return own.invalid ?? t('operator.problemInvalid');
        case 'mail_failed':
          return own.mailFailed ? own.mailFailed(mailReason(err.details.reason)) : mailReason(err.details.reason);
        default:
          return t('operator.problemFailed');
      }
    },
    [t, mailReason],
  );
}

/** A moment from the server as a date and time in the page's language; null is 'Never'. */
export function useMoment() {
  const t = useT();
  const { lang } = useLanguage();
  return useCallback((iso: string | null) => (iso ? formatDateTime(iso, lang) : t('operator.never')), [t, lang]);
}
