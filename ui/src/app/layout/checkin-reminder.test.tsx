import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadCheckinEnd, setCheckinEnd } from '../../lib/checkin-end';
import { CheckinReminder } from './checkin-reminder';

vi.mock('../../providers/auth', () => ({ useAuth: () => ({ session: { access_token: 'token' } }) }));
vi.mock('../../lib/i18n', () => ({ useT: () => (key: string) => key }));

function serverSays(checkin: { ends_at: number } | null) {
  const now = Date.now();
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify({ now, checkin }), { status: 200 })),
  );
}

const at = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <CheckinReminder />
    </MemoryRouter>,
  );

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setCheckinEnd(null));
});

describe('the check-in reminder in the app frame', () => {
  it('shows on any screen in the last five minutes of her check-in', async () => {
    serverSays({ ends_at: Date.now() + 3 * 60_000 });
    at('/journal');
    expect(await screen.findByRole('alert')).toHaveTextContent('layout.checkinReminder');
    expect(screen.getByRole('link', { name: 'layout.checkinReminderLink' })).toHaveAttribute('href', '/check-in');
  });

  it('stays away while the end is far', async () => {
    serverSays({ ends_at: Date.now() + 30 * 60_000 });
    at('/journal');
    await act(() => loadCheckinEnd('token'));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => setCheckinEnd(Date.now() + 60_000));
    expect(screen.getByRole('alert')).toBeInTheDocument();
  });

  it('stays away on the check-in screen, which shows its own', async () => {
    serverSays({ ends_at: Date.now() + 60_000 });
    at('/check-in');
    await act(() => loadCheckinEnd('token'));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
