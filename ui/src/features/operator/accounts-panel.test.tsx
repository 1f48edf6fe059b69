import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { operatorSession, problem, serveConsole } from './console-test-kit';

const ACCOUNT = {
  id: '7d3c9a52-1111-4222-8333-944455556666',
  created_at: '2026-10-01T09:30:00Z',
  last_sign_in_at: null,
  two_step: true,
  disabled: false,
  copy_bytes: 3 * 1024 * 1024,
  checkin_running: true,
  advocates: 2,
};
const BASE = `/api/operator/accounts/${ACCOUNT.id}`;

async function findAccount(text = 'quiet-river') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-mail address or sign-in name'), text);
  await user.click(screen.getByRole('button', { name: 'Find' }));
  return user;
}

const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe("the console's accounts", () => {
  it('finds one account by what was typed in full and shows its facts, never a list', async () => {
    const calls = serveConsole({ 'GET /api/operator/accounts': { status: 200, body: { account: ACCOUNT } } });
    renderApp('/operator', { session: operatorSession() });
    await screen.findByText(/never lists accounts and never searches by the first letters/);
    await findAccount('  Quiet-River ');
    await screen.findByRole('heading', { name: 'The account' });
    expect(calls.find((c) => c.path.startsWith('/api/operator/accounts'))?.path).toBe('/api/operator/accounts?find=Quiet-River');
    expect(fact('Last sign-in')).toBe('Never');
    expect(fact('Two-step sign-in')).toBe('Yes');
    expect(fact('Size of her encrypted copy')).toBe('3.0 MB');
    expect(fact('Check-in running')).toBe('Yes');
    expect(fact('Paired advocates')).toBe('2');
    expect(fact('Disabled')).toBe('No');
    expect(fact('Made')).toMatch(/2026/);
  });

  it('says plainly when nothing matches (404 not_found) or the text is refused (400)', async () => {
    serveConsole({
      'GET /api/operator/accounts': (call) =>
        call.path.includes('x'.repeat(10)) ? problem(400, 'invalid_request') : problem(404, 'not_found'),
    });
    renderApp('/operator', { session: operatorSession() });
    const user = await findAccount('someone@example.org');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'No account has exactly this e-mail address or sign-in name. Check the spelling and type it in full.',
    );
    expect(screen.queryByRole('heading', { name: 'The account' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('E-mail address or sign-in name'), 'x'.repeat(10));
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please type a whole e-mail address or sign-in name.');
  });

  it('disables and enables, signs out everywhere and removes the authenticators, saying what happened', async () => {
    const calls = serveConsole({
      'GET /api/operator/accounts': { status: 200, body: { account: ACCOUNT } },
      [`POST ${BASE}/disable`]: { status: 204 },
      [`POST ${BASE}/enable`]: { status: 204 },
      [`POST ${BASE}/sign-out`]: { status: 204 },
      [`POST ${BASE}/remove-factors`]: { status: 204 },
    });
    renderApp('/operator', { session: operatorSession() });
    const user = await findAccount();
    await user.click(await screen.findByRole('button', { name: 'Disable the account' }));
    await screen.findByText('The account is disabled: she cannot sign in until it is enabled again.');
    expect(fact('Disabled')).toBe('Yes');
    await user.click(screen.getByRole('button', { name: 'Enable the account' }));
    await screen.findByText('The account is enabled again.');
    await user.click(screen.getByRole('button', { name: 'Sign her out everywhere' }));
    await screen.findByText('She is signed out on every device.');
    await user.click(screen.getByRole('button', { name: 'Remove her authenticators' }));
    await screen.findByText(/Her authenticators are removed/);
    expect(fact('Two-step sign-in')).toBe('No');
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path.slice(BASE.length + 1))).toEqual([
      'disable',
      'enable',
      'sign-out',
      'remove-factors',
    ]);
  });

  it('shows a recovery link once, with a copy button and words that it will not be shown again', async () => {
    const link = 'https://solace.example/auth/v1/verify?type=recovery&token=abc';
    serveConsole({
      'GET /api/operator/accounts': { status: 200, body: { account: ACCOUNT } },
      [`POST ${BASE}/recovery-link`]: { status: 200, body: { link } },
    });
    renderApp('/operator', { session: operatorSession() });
    const user = await findAccount();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await user.click(await screen.findByRole('button', { name: 'Make a recovery link' }));
    const once = (await screen.findByRole('heading', { name: 'Recovery link' })).closest('section')!;
    expect(within(once).getByLabelText('The link')).toHaveValue(link);
    expect(once).toHaveTextContent('This link is shown only this once and will not be shown again.');
    await user.click(within(once).getByRole('button', { name: 'Copy the link' }));
    expect(writeText).toHaveBeenCalledWith(link);
    await within(once).findByText('Copied.');
  });

  it("asks before deleting, saying a running check-in's alert will be sent; then the account is gone", async () => {
    const calls = serveConsole({
      'GET /api/operator/accounts': { status: 200, body: { account: ACCOUNT } },
      [`DELETE ${BASE}`]: { status: 204 },
    });
    renderApp('/operator', { session: operatorSession() });
    const user = await findAccount();
    await user.click(await screen.findByRole('button', { name: 'Delete the account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this account?' });
    expect(dialog).toHaveTextContent("A check-in is running on this account: deleting it sends the check-in's alert now");
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Delete the account' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete for good' }));
    await screen.findByText('The account is deleted.');
    expect(screen.queryByRole('heading', { name: 'The account' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual([BASE]);
  });

  it('says when the account went meanwhile (404) or the token is not an operator’s (403 wrong_area)', async () => {
    serveConsole({
      'GET /api/operator/accounts': { status: 200, body: { account: { ...ACCOUNT, checkin_running: false } } },
      [`POST ${BASE}/disable`]: problem(404, 'not_found'),
      [`POST ${BASE}/sign-out`]: problem(403, 'wrong_area'),
    });
    renderApp('/operator', { session: operatorSession() });
    const user = await findAccount();
    await user.click(await screen.findByRole('button', { name: 'Disable the account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This is no longer there. It may have been removed a moment ago.');
    expect(fact('Disabled')).toBe('No');
    await user.click(screen.getByRole('button', { name: 'Sign her out everywhere' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This account is not an operator's account.");
    await user.click(screen.getByRole('button', { name: 'Delete the account' }));
    expect(screen.getByRole('dialog')).toHaveTextContent('If a check-in were running, its alert would be sent now.');
  });
});
