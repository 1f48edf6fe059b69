import { describe, expect, it } from 'vitest';
import { withoutIdentity } from './auth-user-store';

describe('the user kept beside the session', () => {
  it('keeps the account id, how she signs in and her verified second step, and nothing that names her', () => {
    const user = {
      id: 'acc-1',
      email: 'asha.private@sign-in.invalid',
      phone: '',
      user_metadata: { name: 'Asha' },
      identities: [{ identity_data: { email: 'asha.private@sign-in.invalid' } }],
      app_metadata: { providers: ['email'], provider: 'email', note: 'x' },
      factors: [{ id: 'f-1', factor_type: 'totp', status: 'verified', friendly_name: 'Asha phone', created_at: 'c', updated_at: 'u' }],
    };
    const kept = withoutIdentity(user)!;
    expect(JSON.stringify(kept)).not.toMatch(/asha/i);
    expect(kept).toEqual({
      id: 'acc-1',
      app_metadata: { providers: ['email'] },
      factors: [{ id: 'f-1', factor_type: 'totp', status: 'verified', created_at: 'c', updated_at: 'u' }],
    });
  });
});
