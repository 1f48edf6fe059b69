import type { useT } from '../../lib/i18n';
import { CheckinError } from './checkin-client';

const KNOWN: Record<string, string> = {
  wrong_pin: 'checkin.wrongPin',
  pin_locked: 'checkin.pinLocked',
  email_unavailable: 'checkin.noEmail',
  rate_limited: 'checkin.tooOften',
  send_limit: 'checkin.sendLimit',
  server_busy: 'common.problemBusy',
  invalid_request: 'checkin.checkInput',
};

/** Her words for a refusal: the server's English message is for logs and tools, not her screen. */
export function errorText(t: ReturnType<typeof useT>, err: unknown): string {
  const key = err instanceof CheckinError ? KNOWN[err.code] : undefined;
  return t(key ?? 'checkin.failedAction');
}
