import type { Session } from '@supabase/auth-js';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { renderApp } from '../../testing/render-app';
import { pinWaitMs } from '../../lib/vault/vault-store';

const ENTRY = { id: '1', content: 'The night he broke the door', timestamp: 1, aiResponse: 'You are brave.' };

/** A session of account `acc-p`; `tag` makes each one a new sign-in (another session id). */
function signIn(tag: string): Session {
  const s = fakeSession('p@example.org');
  return { ...s, access_token: `${s.access_token}-${tag}`, user: { ...s.user, id: 'acc-p' } };
}

async function setPin(pin: string) {
  const user = userEvent.setup();
  localStorage.setItem('journal-entries', JSON.stringify([ENTRY]));
  const app = renderApp('/settings', { session: signIn('first') });
  await user.click(await screen.findByRole('button', { name: 'Set a PIN' }));
  await user.type(screen.getByLabelText('PIN (4 to 12 digits)'), pin);
  await user.type(screen.getByLabelText('Type the PIN again'), pin);
  await user.click(screen.getByRole('button', { name: 'Save PIN' }));
  await screen.findByText(/Your PIN is set/);
  app.unmount();
}

async function tryPin(pin: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('PIN'), pin);
  await user.click(screen.getByRole('button', { name: 'Unlock' }));
}

afterEach(() => {
  vi.useRealTimers();
});

describe('a PIN she can forget, and wrong tries', () => {
  it('waits grow after three wrong tries and only the right PIN clears the count', () => {
    expect([0, 1, 2].map(pinWaitMs)).toEqual([0, 0, 0]);
    expect([3, 4, 5, 6].map(pinWaitMs)).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(pinWaitMs(40)).toBe(3_600_000);
  });

  it('keeps the count across sign-ins, makes her wait, and a lockout lands on her disguise', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['Date', 'setInterval', 'clearInterval'] });
    await setPin('2468');
    const first = renderApp('/journal', { session: signIn('second') });
    await tryPin('0000');
    await screen.findByText(/4 tries are left/);
    await tryPin('0000');
    await screen.findByText(/3 tries are left/);
    first.unmount();

    // Signing in again does not give her five fresh tries.
    const again = renderApp('/journal', { session: signIn('third') });
    await tryPin('0000');
    await screen.findByText('2 tries are left. You can try again in 30 seconds.', { exact: false });
    expect(screen.getByRole('button', { name: 'Unlock' })).toBeDisabled();
    act(() => {
      vi.setSystemTime(Date.now() + 31_000);
      vi.advanceTimersByTime(1_000);
    });
    await tryPin('0000');
    await screen.findByText(/One try is left; after that you will be signed out\. You can try again in 60 seconds\./);
    act(() => {
      vi.setSystemTime(Date.now() + 61_000);
      vi.advanceTimersByTime(1_000);
    });
    await tryPin('0000');
    await waitFor(() => expect(again.fake.client.signOut).toHaveBeenCalled());
    expect(await screen.findByRole('heading', { name: 'Weather', level: 1 })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome' })).not.toBeInTheDocument();
  }, 30_000);

  it("'I forgot my PIN' explains, and starting afresh removes her records from this device only when she confirms", async () => {
    await setPin('2468');
    const user = userEvent.setup();
    renderApp('/journal', { session: signIn('second') });
    await screen.findByLabelText('PIN');
    // Whom to call, right on the PIN screen.
    expect(screen.getByRole('link', { name: 'Police: 100' })).toHaveAttribute('href', 'tel:100');
    await user.click(screen.getByRole('button', { name: 'I forgot my PIN' }));
    expect(screen.getByRole('heading', { name: 'Forgot your PIN?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Back to the PIN' }));
    expect(localStorage.getItem('data:acc-p:1')).not.toBeNull();

    await user.click(screen.getByRole('button', { name: 'I forgot my PIN' }));
    await user.click(screen.getByRole('button', { name: 'Remove my records from this device and start afresh' }));
    expect(await screen.findByRole('heading', { name: 'Your Private Journal' })).toBeInTheDocument();
    expect(screen.queryByText(ENTRY.content)).not.toBeInTheDocument();
    expect(screen.queryByLabelText('PIN')).not.toBeInTheDocument();
    expect(localStorage.getItem('data:acc-p:1')).toBeNull();
  }, 15_000);
});
