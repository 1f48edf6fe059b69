import type { Session } from '@supabase/auth-js';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catalogueFor } from '../../lib/test-utils/in-language';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { renderApp } from '../../testing/render-app';
import { readMeta } from '../../lib/vault/storage-layout';

const OFFER = 'If someone might know your password, add a PIN';

/** A new sign-in to account `user-1` (another session each time). */
function signIn(tag: string): Session {
  const s = fakeSession('p@example.org');
  return { ...s, access_token: `${s.access_token}-${tag}` };
}

const offer = () => screen.queryByRole('region', { name: OFFER });
const NOTE = 'A note for the people told (optional)';

async function addPinIn(region: HTMLElement, pin: string) {
  const user = userEvent.setup();
  await user.click(within(region).getByRole('button', { name: 'Add a PIN' }));
  await user.type(within(region).getByLabelText('PIN (4 to 12 digits)'), pin);
  await user.type(within(region).getByLabelText('Type the PIN again'), pin);
  await user.click(within(region).getByRole('button', { name: 'Save PIN' }));
}

/** The server's check-in status (none running, or one) and her advocates (none). */
function checkinServer(running = false) {
  const now = Date.now();
  const checkin = running ? { ends_at: now + 30 * 60_000, note: '', recipients: ['f@example.org'], advocates: [] } : null;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url.endsWith('/api/checkin')) {
        const status = { email: true, min_minutes: 15, max_minutes: 1440, max_recipients: 5, now, checkin };
        return Response.json(status);
      }
      return Response.json({ advocates: [], shares: [] });
    }),
  );
}

/** The check-in screen in a new sign-in, once its start form shows. */
async function startingACheckin(tag = 'first') {
  checkinServer();
  const app = renderApp('/check-in', { session: signIn(tag) });
  // The first render of a file loads the app's screens; on a busy machine that takes longer than 5 s.
  await screen.findByRole('button', { name: 'Start' }, { timeout: 15_000 });
  return app;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the offer of a PIN where her password alone would open what matters', () => {
  it('comes before she starts a check-in on a device without a PIN, and adds one right there', async () => {
    await startingACheckin();
    const region = screen.getByRole('region', { name: OFFER });
    expect(region).toHaveTextContent('your password alone opens your journal, incidents, check-in and advocate');
    // What she had begun stays: the PIN is added beside the check-in's form, not instead of it.
    await userEvent.setup().type(screen.getByLabelText(NOTE), 'At his mother’s house');
    await addPinIn(region, '2468');
    expect(await screen.findByText(/Your PIN is set\./)).toHaveAttribute('role', 'status');
    expect(readMeta('user-1')?.pin).not.toBeNull();
    expect(offer()).toBeNull();
    expect(screen.getByLabelText(NOTE)).toHaveValue('At his mother’s house');
  });

  it('does not come on a device with a PIN', async () => {
    const app = await startingACheckin();
    await addPinIn(screen.getByRole('region', { name: OFFER }), '2468');
    await screen.findByText(/Your PIN is set/);
    app.unmount();

    const user = userEvent.setup();
    renderApp('/check-in', { session: signIn('second') });
    await user.type(await screen.findByLabelText('PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    await screen.findByRole('button', { name: 'Start' });
    expect(offer()).toBeNull();
  });

  it("stays away on this device after 'Not now'", async () => {
    const app = await startingACheckin();
    const region = screen.getByRole('region', { name: OFFER });
    await userEvent.setup().click(within(region).getByRole('button', { name: 'Not now' }));
    expect(offer()).toBeNull();
    app.unmount();
    await startingACheckin('second');
    expect(offer()).toBeNull();
    // It stays a choice: no PIN was set, and Settings still offers one.
    expect(readMeta('user-1')?.pin).toBeNull();
  });

  it('does not come while a check-in runs', async () => {
    checkinServer(true);
    renderApp('/check-in', { session: signIn('first') });
    await screen.findByRole('heading', { name: 'Time left' });
    expect(offer()).toBeNull();
  });

  it('comes beside pairing with an advocate, and a PIN added there shows in the PIN section', async () => {
    checkinServer();
    renderApp('/settings', { session: signIn('first') });
    const advocates = await screen.findByRole('region', { name: 'My advocate' });
    const region = within(advocates).getByRole('region', { name: OFFER });
    expect(within(region).getByRole('heading', { level: 3 })).toHaveTextContent(OFFER);
    expect(screen.getByRole('button', { name: 'Set a PIN' })).toBeInTheDocument();
    await addPinIn(region, '135790');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Change PIN' })).toBeInTheDocument());
    expect(within(advocates).queryByRole('region', { name: OFFER })).toBeNull();
  });

  it('speaks Hindi on a Hindi screen', async () => {
    checkinServer();
    const catalogue = await catalogueFor('hi');
    renderApp('/check-in', { session: signIn('first'), language: { lang: 'hi', catalogue } });
    const region = await screen.findByRole('region', { name: catalogue.vault.offerTitle as string });
    expect(within(region).getByRole('button', { name: 'अभी नहीं' })).toBeInTheDocument();
    expect(within(region).getByRole('button', { name: catalogue.vault.offerAdd as string })).toBeInTheDocument();
  });
});
