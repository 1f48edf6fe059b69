import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { renderApp } from '../../testing/render-app';
import { englishText } from '../../lib/english-text';
import { clearAllData } from './clear-data';

describe('settings', () => {
  it('asks for confirmation before clearing; Cancel keeps the data', async () => {
    const user = userEvent.setup();
    localStorage.setItem('journal-entries', '[{"id":"1"}]');
    renderApp('/settings', { session: fakeSession() });
    await user.click(await screen.findByRole('button', { name: 'Clear All Data' }));
    // By now the entry has moved into this account's encrypted store.
    const saved = localStorage.getItem('data:user-1:1');
    expect(saved).not.toBeNull();
    const dialog = screen.getByRole('dialog', { name: 'Clear all data?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem('data:user-1:1')).toBe(saved);
  });

  it('"Remember my e-mail on this device" is off until she turns it on; off again forgets the e-mail', async () => {
    const user = userEvent.setup();
    renderApp('/settings', { session: fakeSession() });
    const box = await screen.findByRole('checkbox', { name: 'Remember my e-mail on this device' });
    expect(box).not.toBeChecked();
    await user.click(box);
    expect(box).toBeChecked();
    localStorage.setItem('remembered-name', 'sam@example.com');
    await user.click(box);
    expect(box).not.toBeChecked();
    expect(localStorage.getItem('remembered-name')).toBeNull();
    expect(JSON.stringify({ ...localStorage })).not.toContain('sam@');
    await user.click(box);
    expect(box).toBeChecked();
  });

  it('Escape closes the confirmation', async () => {
    const user = userEvent.setup();
    renderApp('/settings', { session: fakeSession() });
    await user.click(await screen.findByRole('button', { name: 'Clear All Data' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('clearing empties local storage, tells the user, then reloads', () => {
    localStorage.setItem('journal-entries', '[]');
    localStorage.setItem('theme', 'dark');
    const calls: string[] = [];
    clearAllData(englishText('settings.cleared'), {
      storage: localStorage,
      alert: (m) => calls.push(`alert:${m}`),
      reload: () => calls.push(`reload:${localStorage.length}`),
    });
    expect(calls).toEqual(['alert:All app data has been cleared successfully.', 'reload:0']);
  });

  it('the disguise buttons open the weather and notes screens', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    const user = userEvent.setup();
    const app = renderApp('/settings', { session: fakeSession() });
    await user.click(await screen.findByRole('button', { name: 'Open Notes Disguise' }));
    await waitFor(() => expect(app.location()).toBe('/notes'));
    expect(await screen.findByRole('heading', { name: 'Notes' })).toBeInTheDocument();
  });
});
