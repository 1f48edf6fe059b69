import type { Session } from '@supabase/auth-js';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { renderApp } from '../../testing/render-app';
import { writeMeta } from '../../lib/vault/storage-layout';

const session = (): Session => {
  const s = fakeSession('o@example.org');
  return { ...s, user: { ...s.user, id: 'acc-o' } };
};

// Offline, fetching the vault secret fails as a browser's fetch does (a TypeError).
vi.mock('../../lib/vault/secret-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../lib/vault/secret-client')>();
  return {
    ...real,
    fetchVaultSecret: (token: string) =>
      navigator.onLine ? real.fetchVaultSecret(token) : Promise.reject(new TypeError('Failed to fetch')),
  };
});

function goOffline() {
  const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  return () => {
    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
  };
}

describe('the private space offline', () => {
  it('says plainly that the journal needs the network and offers what opens without it', async () => {
    const user = userEvent.setup();
    goOffline();
    renderApp('/journal', { session: session() });
    expect(await screen.findByRole('heading', { name: 'You’re offline' })).toBeInTheDocument();
    const card = screen.getByRole('heading', { name: 'You’re offline' }).closest('[role=status]');
    expect(card).toHaveTextContent(/need an internet connection/);
    expect(card).toHaveTextContent(/Nothing has been lost/);

    await user.click(screen.getByRole('link', { name: 'affirmations' }));
    expect(await screen.findByRole('heading', { name: 'Daily Affirmations' })).toBeInTheDocument();
  });

  it('opens the journal by itself once the network is back', async () => {
    const backOnline = goOffline();
    renderApp('/journal', { session: session() });
    expect(await screen.findByRole('heading', { name: 'You’re offline' })).toBeInTheDocument();
    backOnline();
    expect(await screen.findByRole('heading', { name: 'Your Private Journal' })).toBeInTheDocument();
  });

  it('opens the screens that hold nothing of hers', async () => {
    goOffline();
    renderApp('/resources', { session: session() });
    expect(await screen.findByRole('heading', { name: 'Support Resources' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'You’re offline' })).not.toBeInTheDocument();
  });

  it('with a PIN, opens nothing before the PIN can be checked, which needs the network too', async () => {
    goOffline();
    // The shape a PIN leaves on the device; offline only its presence matters.
    writeMeta('acc-o', { v: 1, wrapped: 'x', pin: { salt: 'x', iterations: 1 } as never });
    renderApp('/resources', { session: session() });
    expect(await screen.findByRole('heading', { name: 'You’re offline' })).toBeInTheDocument();
    expect(screen.getByText(/opens with your PIN/)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Support Resources' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'affirmations' })).not.toBeInTheDocument();
  });
});
