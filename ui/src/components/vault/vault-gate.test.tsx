import type { Session } from '@supabase/auth-js';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { renderApp } from '../../testing/render-app';

const ENTRY = { id: '1', content: 'The night he broke the door', timestamp: 1, aiResponse: 'You are brave.' };

function sessionOf(id: string, email: string): Session {
  const s = fakeSession(email);
  return { ...s, user: { ...s.user, id } };
}

/** Every stored value of this origin (the unit tests' only storage), as one string. */
function everythingStored(): string {
  return JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage });
}

describe('the vault gate', () => {
  it('moves plain entries of the old format into the account and removes the plain copy', async () => {
    localStorage.setItem('journal-entries', JSON.stringify([ENTRY]));
    const app = renderApp('/journal', { session: sessionOf('acc-a', 'a@example.org') });
    expect(await screen.findByText(ENTRY.content)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('journal-entries')).toBeNull());
    expect(localStorage.getItem('data:acc-a:1')).not.toBeNull();
    expect(everythingStored()).not.toContain('broke the door');
    app.unmount();

    // Another account on the same browser sees none of it; the first sees it again.
    const other = renderApp('/journal', { session: sessionOf('acc-b', 'b@example.org') });
    expect(
      await screen.findByText('Your journal entries will appear here. Start by writing your first entry above.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(ENTRY.content)).not.toBeInTheDocument();
    other.unmount();
    renderApp('/journal', { session: sessionOf('acc-a', 'a@example.org') });
    expect(await screen.findByText(ENTRY.content)).toBeInTheDocument();
  });

  it('with a PIN: asks for it before anything shows and says plainly when it is wrong', async () => {
    const user = userEvent.setup();
    const session = sessionOf('acc-p', 'p@example.org');
    localStorage.setItem('journal-entries', JSON.stringify([ENTRY]));
    const first = renderApp('/settings', { session });
    await user.click(await screen.findByRole('button', { name: 'Set a PIN' }));
    expect(screen.getByText(/If you forget it, your journal, safety plan and mood history/)).toBeInTheDocument();
    await user.type(screen.getByLabelText('PIN (4 to 12 digits)'), '2468');
    await user.type(screen.getByLabelText('Type the PIN again'), '2468');
    await user.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(await screen.findByText(/Your PIN is set/)).toBeInTheDocument();
    first.unmount();

    // A reload: the PIN is asked before anything is shown.
    const again = renderApp('/journal', { session });
    const field = await screen.findByLabelText('PIN');
    expect(screen.queryByText(ENTRY.content)).not.toBeInTheDocument();
    await user.type(field, '1111');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That PIN is not right. Nothing was opened and nothing was lost. 4 tries are left.',
    );
    await user.type(screen.getByLabelText('PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Unlock' }));
    expect(await screen.findByText(ENTRY.content)).toBeInTheDocument();
    again.unmount();
  });
});

describe('damaged data', () => {
  it('a changed record is named, kept aside unchanged, and the rest still opens and saves', async () => {
    const user = userEvent.setup();
    const session = sessionOf('acc-t', 't@example.org');
    localStorage.setItem('journal-entries', JSON.stringify([ENTRY]));
    localStorage.setItem('safety-plan-items', JSON.stringify([{ id: 's', category: 'safe-places', content: 'Library' }]));
    const first = renderApp('/journal', { session });
    expect(await screen.findByText(ENTRY.content)).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('safety-plan-items')).toBeNull());
    first.unmount();

    const slot = 'data:acc-t:1';
    const stored = localStorage.getItem(slot)!;
    const tampered = stored.slice(0, -6) + (stored.endsWith('AAAAAA') ? 'BBBBBB' : 'AAAAAA');
    localStorage.setItem(slot, tampered);

    renderApp('/journal', { session });
    expect(
      await screen.findByText(/Some of what you saved could not be opened on this device. It has been kept aside/),
    ).toBeInTheDocument();
    expect(screen.queryByText(ENTRY.content)).not.toBeInTheDocument();
    const aside = Object.keys(localStorage).filter((k) => k.startsWith(`${slot}#unreadable-`));
    expect(aside).toHaveLength(1);
    expect(localStorage.getItem(aside[0]!)).toBe(tampered);

    await user.type(screen.getByLabelText('Write your thoughts'), 'A new entry after the damage');
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    await waitFor(() => expect(localStorage.getItem(slot)).not.toBeNull());
    expect(localStorage.getItem(aside[0]!)).toBe(tampered);
    await user.click(screen.getByRole('link', { name: 'Safety Plan' }));
    expect(await screen.findByText('Library')).toBeInTheDocument();
  });

  it('a key that no longer opens: nothing is deleted until she confirms starting afresh', async () => {
    const user = userEvent.setup();
    const session = sessionOf('acc-k', 'k@example.org');
    localStorage.setItem('journal-entries', JSON.stringify([ENTRY]));
    const first = renderApp('/journal', { session });
    expect(await screen.findByText(ENTRY.content)).toBeInTheDocument();
    first.unmount();
    const meta = JSON.parse(localStorage.getItem('keys:acc-k')!);
    const wrapped: string = meta.wrapped;
    meta.wrapped = (wrapped.startsWith('A') ? 'B' : 'A') + wrapped.slice(1);
    localStorage.setItem('keys:acc-k', JSON.stringify(meta));
    const record = localStorage.getItem('data:acc-k:1');

    renderApp('/journal', { session });
    expect(await screen.findByRole('heading', { name: 'Your saved entries cannot be opened' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start afresh on this device' }));
    expect(localStorage.getItem('data:acc-k:1')).toBe(record);
    await user.click(screen.getByRole('button', { name: 'Delete them and start afresh' }));
    expect(
      await screen.findByText('Your journal entries will appear here. Start by writing your first entry above.'),
    ).toBeInTheDocument();
    expect(localStorage.getItem('data:acc-k:1')).toBeNull();
  });
});
