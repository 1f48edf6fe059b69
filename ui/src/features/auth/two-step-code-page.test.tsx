import type { Session } from '@supabase/auth-js';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { needsSecondStep } from '../../lib/two-step';
import { renderApp } from '../../testing/render-app';

const jwt = (claims: object) => `e30.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.sig`;

function sessionAt(aal: 'aal1' | 'aal2', factorStatus: string | null = 'verified'): Session {
  const s = fakeSession();
  const factors = factorStatus ? [{ id: 'f-1', status: factorStatus, factor_type: 'totp' }] : [];
  return { ...s, access_token: jwt({ aal }), user: { ...s.user, factors } } as Session;
}

describe('two-step sign-in code step', () => {
  it('is needed only at aal1 with a confirmed authenticator', () => {
    expect(needsSecondStep(sessionAt('aal1'))).toBe(true);
    expect(needsSecondStep(sessionAt('aal2'))).toBe(false);
    expect(needsSecondStep(sessionAt('aal1', 'unverified'))).toBe(false);
    expect(needsSecondStep(sessionAt('aal1', null))).toBe(false);
    expect(needsSecondStep(null)).toBe(false);
  });

  it('asks for the code before the app; a wrong code says so, the right one opens the app', async () => {
    const user = userEvent.setup();
    const app = renderApp('/', { session: sessionAt('aal1') });
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();

    const challengeAndVerify = vi
      .fn()
      .mockResolvedValueOnce({ data: null, error: { code: 'mfa_verification_failed', status: 422 } })
      .mockImplementationOnce(async () => {
        const listener = app.fake.client.onAuthStateChange.mock.calls[0][0];
        act(() => listener('MFA_CHALLENGE_VERIFIED', sessionAt('aal2')));
        return { data: {}, error: null };
      });
    Object.assign(app.fake.client, { mfa: { challengeAndVerify } });

    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That code is not right, or it was used already. Each code works once: wait until your authenticator app shows a new code (at most 30 seconds) and type that one.',
    );
    expect(challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f-1', code: '123456' });

    await user.type(screen.getByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Two-step sign-in' })).not.toBeInTheDocument());
  });

  it('offers to remove an authenticator added in the last days, then tells her to change her password', async () => {
    const user = userEvent.setup();
    const s = sessionAt('aal1');
    const recent = {
      id: 'f-1',
      status: 'verified',
      factor_type: 'totp',
      verified_at: '2026-11-20T10:00:00Z',
      removable_without_code_until: '2026-11-27T10:00:00Z',
    };
    const app = renderApp('/', { session: { ...s, user: { ...s.user, factors: [recent] } } as unknown as Session });
    const notice = await screen.findByRole('region', { name: 'Did you add an authenticator app?' });
    expect(notice).toHaveTextContent(/November 20, 2026.*November 27, 2026/);

    const unenroll = vi.fn().mockResolvedValue({ data: { id: 'f-1' }, error: null });
    const refreshSession = vi.fn().mockResolvedValue({ data: {}, error: null });
    Object.assign(app.fake.client, { mfa: { unenroll }, refreshSession });
    await user.click(screen.getByRole('button', { name: 'It was not me: remove it' }));
    expect(unenroll).toHaveBeenCalledWith({ factorId: 'f-1' });
    expect(await screen.findByRole('status', { name: 'Removed' })).toHaveTextContent('change it in Settings now');
    await user.click(screen.getByRole('button', { name: 'Open my account' }));
    await waitFor(() => expect(refreshSession).toHaveBeenCalled());
  });

  it('says nothing of the kind for an authenticator past its first days', async () => {
    renderApp('/', { session: sessionAt('aal1') });
    await screen.findByRole('heading', { name: 'Two-step sign-in' });
    expect(screen.queryByRole('region', { name: 'Did you add an authenticator app?' })).not.toBeInTheDocument();
  });
});
