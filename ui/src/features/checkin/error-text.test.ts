import { describe, expect, it } from 'vitest';
import { CheckinError } from './checkin-client';
import { errorText } from './error-text';

const t = ((key: string) => key) as Parameters<typeof errorText>[0];

describe("her words for the server's refusals", () => {
  it('says a day of alerts is used up, and that a busy server is worth trying again', () => {
    expect(errorText(t, new CheckinError('send_limit', 'f***@example.org has been sent ...'))).toBe('checkin.sendLimit');
    expect(errorText(t, new CheckinError('server_busy', 'The server is busy'))).toBe('common.problemBusy');
    expect(errorText(t, new CheckinError('something_new', '...'))).toBe('checkin.failedAction');
  });
});
