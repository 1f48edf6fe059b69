import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { operatorSession, problem, serveConsole, type Routes } from './console-test-kit';

const entry = (n: number, action: string, account_id: string | null = `acc-${n}`) => ({
  at: new Date(Date.UTC(2026, 10, 28, 12, 0) - n * 60_000).toISOString(),
  operator: 'Nadia',
  action,
  account_id,
});
const FIRST = [entry(0, 'account.recovery_link'), entry(1, 'mail.test', null), entry(2, 'advocate.reset_two_step')];
const SECOND = [entry(3, 'account.find'), entry(4, 'something.new')];

async function openAudit(routes: Routes) {
  const user = userEvent.setup();
  const calls = serveConsole(routes);
  renderApp('/operator', { session: operatorSession() });
  const nav = await screen.findByRole('navigation', { name: 'Console sections' });
  await user.click(within(nav).getByRole('button', { name: 'Audit' }));
  return { user, calls };
}

const rows = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell').slice(1).map((c) => c.textContent));

describe("the console's audit", () => {
  it('lists who did what on which account, and loads more from before the last one shown', async () => {
    const { user, calls } = await openAudit({
      'GET /api/operator/audit': (call) =>
        call.path.includes('before=')
          ? { status: 200, body: { entries: SECOND, more: false } }
          : { status: 200, body: { entries: FIRST, more: true } },
    });
    await screen.findByRole('table', { name: 'Audit' });
    expect(rows()).toEqual([
      ['Nadia', 'Made a recovery link', 'acc-0'],
      ['Nadia', 'Sent a test e-mail', '—'],
      ['Nadia', "Reset an advocate's two-step sign-in", 'acc-2'],
    ]);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText('Looked up an account');
    expect(rows()).toHaveLength(5);
    expect(rows()[4]).toEqual(['Nadia', 'something.new', 'acc-4']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const paths = calls.filter((c) => c.path.startsWith('/api/operator/audit')).map((c) => c.path);
    expect(paths).toEqual(['/api/operator/audit?limit=50', `/api/operator/audit?before=${encodeURIComponent(FIRST[2].at)}&limit=50`]);
  });

  it('says when there is nothing yet, and when the audit is refused (403 wrong_area)', async () => {
    let answer = { status: 200, body: { entries: [], more: false } } as ReturnType<typeof problem>;
    const { user } = await openAudit({ 'GET /api/operator/audit': () => answer });
    await screen.findByText('No operator actions yet.');
    answer = problem(403, 'wrong_area');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent("This account is not an operator's account.");
  });
});
