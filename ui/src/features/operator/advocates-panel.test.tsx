import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { operatorSession, problem, serveConsole, type Routes } from './console-test-kit';
import type { AdvocateRow } from './types';

const ASHA: AdvocateRow = {
  id: 'adv-1',
  name: 'Asha Verma',
  email_masked: 'a***@ngo.example',
  created_at: '2026-09-01T08:00:00Z',
  set_up: true,
  two_step: true,
  pairings: 3,
  last_active_at: '2026-11-28T17:45:00Z',
};
const RAVI = { ...ASHA, id: 'adv-2', name: 'Ravi Das', set_up: false, two_step: false, pairings: 0, last_active_at: null };

async function openAdvocates(routes: Routes) {
  const user = userEvent.setup();
  const calls = serveConsole(routes);
  renderApp('/operator', { session: operatorSession() });
  const nav = await screen.findByRole('navigation', { name: 'Console sections' });
  await user.click(within(nav).getByRole('button', { name: 'Advocates' }));
  return { user, calls };
}

describe("the console's advocates", () => {
  it('lists each advocate with set-up, two-step sign-in, pairings and last activity', async () => {
    await openAdvocates({ 'GET /api/operator/advocates': { status: 200, body: { advocates: [ASHA, RAVI] } } });
    const asha = (await screen.findByRole('rowheader', { name: 'Asha Verma' })).closest('tr')!;
    const cells = within(asha).getAllByRole('cell').map((c) => c.textContent);
    expect(cells.slice(0, 5)).toEqual(['a***@ngo.example', expect.stringMatching(/2026/), 'Yes', 'Yes', '3']);
    expect(cells[5]).toMatch(/2026/);
    const ravi = screen.getByRole('rowheader', { name: 'Ravi Das' }).closest('tr')!;
    expect(within(ravi).getAllByRole('cell').map((c) => c.textContent).slice(2, 6)).toEqual(['No', 'No', '0', 'Never']);
    expect(screen.getByRole('columnheader', { name: 'Last active' })).toBeInTheDocument();
  });

  it('adds an advocate and shows the set-up link once', async () => {
    const link = 'https://solace.example/auth/v1/verify?type=recovery&token=set-up';
    let listed = [ASHA];
    const { user, calls } = await openAdvocates({
      'GET /api/operator/advocates': () => ({ status: 200, body: { advocates: listed } }),
      'POST /api/operator/advocates': () => {
        listed = [ASHA, RAVI];
        return { status: 201, body: { id: 'adv-2', link } };
      },
    });
    await screen.findByRole('rowheader', { name: 'Asha Verma' });
    await user.type(screen.getByLabelText('Their e-mail address'), 'ravi@ngo.example');
    await user.type(screen.getByLabelText('Their name'), 'Ravi Das');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByText('Ravi Das is added. Give them the set-up link below.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'ravi@ngo.example', name: 'Ravi Das' });
    const once = screen.getByRole('heading', { name: 'Set-up link' }).closest('section')!;
    expect(within(once).getByLabelText('The link')).toHaveValue(link);
    expect(once).toHaveTextContent('will not be shown again');
    await screen.findByRole('rowheader', { name: 'Ravi Das' });
  });

  it('removes an advocate after asking, and resets two-step sign-in', async () => {
    let listed = [ASHA, RAVI];
    const { user, calls } = await openAdvocates({
      'GET /api/operator/advocates': () => ({ status: 200, body: { advocates: listed } }),
      'DELETE /api/operator/advocates/adv-2': () => {
        listed = [ASHA];
        return { status: 204 };
      },
      'POST /api/operator/advocates/adv-1/reset-two-step': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Reset two-step sign-in for Asha Verma' }));
    await screen.findByText('Asha Verma sets up two-step sign-in again at their next sign-in.');
    await user.click(screen.getByRole('button', { name: 'Remove Ravi Das' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Ravi Das?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Ravi Das is removed.');
    expect(screen.queryByRole('rowheader', { name: 'Ravi Das' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'POST /api/operator/advocates/adv-1/reset-two-step',
      'DELETE /api/operator/advocates/adv-2',
    ]);
  });

  it('says what went wrong: an advocate already gone (404 not_found), a refused address (400)', async () => {
    const { user } = await openAdvocates({
      'GET /api/operator/advocates': { status: 200, body: { advocates: [ASHA] } },
      'POST /api/operator/advocates/adv-1/reset-two-step': problem(404, 'not_found'),
      'POST /api/operator/advocates': problem(400, 'invalid_request'),
    });
    await user.click(await screen.findByRole('button', { name: 'Reset two-step sign-in for Asha Verma' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is no longer there.');
    await user.type(screen.getByLabelText('Their e-mail address'), 'ravi@ngo.example');
    await user.type(screen.getByLabelText('Their name'), 'Ravi');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server could not accept this. Please check what you typed.');
    expect(screen.queryByRole('heading', { name: 'Set-up link' })).not.toBeInTheDocument();
  });

  it("says so when the list is refused to a survivor's or an advocate's token (403 wrong_area)", async () => {
    await openAdvocates({ 'GET /api/operator/advocates': problem(403, 'wrong_area') });
    expect(await screen.findByRole('alert')).toHaveTextContent("This account is not an operator's account.");
  });
});
