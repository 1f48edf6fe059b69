import type { Session } from '@supabase/auth-js';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { lockForDisguise } from './disguise-lock';
import { fakeSession } from '../lib/test-utils/fake-auth-client';
import { renderApp } from '../testing/render-app';

const ENTRY = { id: '1', content: 'He took my phone again', timestamp: 1, aiResponse: 'You matter.' };

function sessionOf(id: string): Session {
  const s = fakeSession(`${id}@example.org`);
  return { ...s, user: { ...s.user, id } };
}

/** The hidden way back: the disguise's title held for two seconds. */
function holdTitle(name: string) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  try {
    fireEvent.pointerDown(screen.getByRole('heading', { level: 1, name }), { button: 0 });
    act(() => vi.advanceTimersByTime(2_000));
  } finally {
    vi.useRealTimers();
  }
}

describe('lockForDisguise', () => {
  it('keeps the session when her records need a PIN, and ends it here and on the server otherwise', () => {
    const end = { here: vi.fn(), signOut: vi.fn() };
    expect(lockForDisguise('a', end, () => true)).toBe('kept');
    expect(end.here).not.toHaveBeenCalled();
    expect(end.signOut).not.toHaveBeenCalled();
    expect(lockForDisguise('a', end, () => false)).toBe('ended');
    expect(end.here).toHaveBeenCalledTimes(1);
    expect(end.signOut).toHaveBeenCalledTimes(1);
  });
});

describe('entering a disguise locks her records', () => {
  it('without a PIN: signs her out, and the way back asks for her password', async () => {
    const fetchMock = vi.fn(async () => new Response('{}', { status: 503 }));
    vi.stubGlobal('fetch', fetchMock);
    // The session as the auth client keeps it on the device.
    localStorage.setItem('session', JSON.stringify({ access_token: 'her-token' }));
    const user = userEvent.setup();
    const app = renderApp('/', { session: sessionOf('acc-n') });
    await user.click(await screen.findByRole('button', { name: 'Emergency options' }));
    await user.click(screen.getByRole('button', { name: 'Weather App' }));
    await screen.findByRole('heading', { level: 1, name: 'Weather' });
    await waitFor(() => expect(app.fake.client.signOut).toHaveBeenCalled());
    expect(localStorage.getItem('session')).toBeNull();
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringMatching(/\/auth\/v1\/logout\?scope=local$/),
      expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ Authorization: 'Bearer her-token' }) }),
    );

    holdTitle('Weather');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByLabelText('Password', { exact: true })).toBeInTheDocument();
  });

  it('with a PIN: keeps the session, and the way back asks for the PIN before anything of hers shows', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    const user = userEvent.setup();
    localStorage.setItem('journal-entries', JSON.stringify([ENTRY]));
    localStorage.setItem('session', JSON.stringify({ access_token: 'her-token' }));
    const app = renderApp('/settings', { session: sessionOf('acc-p') });
    await user.click(await screen.findByRole('button', { name: 'Set a PIN' }));
    await user.type(screen.getByLabelText('PIN (4 to 12 digits)'), '2468');
    await user.type(screen.getByLabelText('Type the PIN again'), '2468');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    await screen.findByText(/Your PIN is set/);

    await user.click(screen.getByRole('button', { name: 'Open Notes Disguise' }));
    await screen.findByRole('heading', { level: 1, name: 'Notes' });
    holdTitle('Notes');
    expect(await screen.findByLabelText('PIN')).toBeInTheDocument();
    expect(screen.queryByText(ENTRY.content)).not.toBeInTheDocument();
    expect(app.fake.client.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem('session')).not.toBeNull();

    await user.type(screen.getByLabelText('PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await user.click(await screen.findByRole('link', { name: 'Journal' }));
    expect(await screen.findByText(ENTRY.content)).toBeInTheDocument();
  });

  it('following another tab into its disguise does not lock again: that tab locks, this one follows it', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    localStorage.setItem('session', JSON.stringify({ access_token: 'her-token' }));
    const app = renderApp('/', { session: sessionOf('acc-t') });
    await screen.findByRole('button', { name: 'Emergency options' });
    // Another tab entered the weather disguise (its own lock runs there).
    act(() => {
      localStorage.setItem('view-mode', 'weather');
      window.dispatchEvent(new StorageEvent('storage', { key: 'view-mode', oldValue: null, newValue: 'weather' }));
    });
    await screen.findByRole('heading', { level: 1, name: 'Weather' });
    expect(app.fake.client.signOut).not.toHaveBeenCalled();
    expect(localStorage.getItem('session')).not.toBeNull();
  });
});
