import { describe, expect, it } from 'vitest';
import { readRecoveryLanding } from './recovery-landing';

describe('readRecoveryLanding', () => {
  it('knows a recovery session from its type', () => {
    expect(readRecoveryLanding('#access_token=a.b.c&expires_in=300&refresh_token=r&token_type=bearer&type=recovery')).toBe(
      'recovery',
    );
  });

  it('knows a used or expired link from GoTrue’s error code', () => {
    expect(
      readRecoveryLanding('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired'),
    ).toBe('expired');
  });

  it('ignores an ordinary sign-in and an empty address', () => {
    expect(readRecoveryLanding('#access_token=a.b.c&refresh_token=r&token_type=bearer')).toBe('none');
    expect(readRecoveryLanding('')).toBe('none');
  });
});
