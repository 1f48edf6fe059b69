import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { operatorSession, problem, serveConsole, type Routes } from './console-test-kit';

const QUIET = {
  running_checkins: 4,
  day: { sent: 2, waiting: 0, retrying: 0, failed: 0 },
  week: { sent: 9, waiting: 0, retrying: 0, failed: 1 },
  problem: null,
};
const STUCK = {
  ...QUIET,
  day: { sent: 0, waiting: 1, retrying: 2, failed: 0 },
  problem: { since: '2026-11-29T02:10:00Z', reason: 'refused', waiting: 3, oldest_due_at: '2026-11-29T02:00:00Z' },
};

async function openAlarms(routes: Routes) {
  const user = userEvent.setup();
  const calls = serveConsole(routes);
  renderApp('/operator', { session: operatorSession() });
  const nav = await screen.findByRole('navigation', { name: 'Console sections' });
  await user.click(within(nav).getByRole('button', { name: 'Alarms' }));
  return { user, calls };
}

const counts = (heading: string) => {
  const section = screen.getByRole('heading', { name: heading }).closest('section')!;
  return Object.fromEntries(within(section).getAllByRole('term').map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]));
};

describe("the console's alarms", () => {
  it('shows check-ins running and alerts by state for the day and the week', async () => {
    await openAlarms({ 'GET /api/operator/alarms': { status: 200, body: QUIET } });
    await screen.findByText('Alerts are being delivered.');
    expect(screen.getByText('Check-ins running now').nextElementSibling).toHaveTextContent('4');
    expect(counts('Alerts in the last 24 hours')).toEqual({ Sent: '2', Waiting: '0', 'Being retried': '0', Failed: '0' });
    expect(counts('Alerts in the last 7 days')).toEqual({ Sent: '9', Waiting: '0', 'Being retried': '0', Failed: '1' });
  });

  it('says in plain words why alerts cannot go, and that they go once mail works again', async () => {
    let answer: object = STUCK;
    const { user } = await openAlarms({ 'GET /api/operator/alarms': () => ({ status: 200, body: answer }) });
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Alerts cannot be delivered');
    expect(banner).toHaveTextContent('The mail server refused the message.');
    expect(banner).toHaveTextContent('Alerts waiting: 3.');
    answer = { ...STUCK, problem: { ...STUCK.problem, reason: 'unreachable' } };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText(/The mail server could not be reached\./);
    answer = { ...STUCK, problem: { ...STUCK.problem, reason: 'timeout' } };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText(/The mail server took too long to answer\./);
    answer = { ...QUIET, day: { sent: 3, waiting: 0, retrying: 0, failed: 0 } };
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    await screen.findByText('Alerts are being delivered.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends a test e-mail to the typed address and says whether the mail server took it (502 mail_failed)', async () => {
    let working = false;
    const { user, calls } = await openAlarms({
      'GET /api/operator/alarms': { status: 200, body: QUIET },
      'POST /api/operator/test-email': () => (working ? { status: 200, body: { sent: true } } : problem(502, 'mail_failed', { reason: 'refused' })),
    });
    await user.type(await screen.findByLabelText('Send it to this address'), 'desk@ngo.example');
    await user.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The test e-mail was not sent. The mail server refused the message.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ to: 'desk@ngo.example' });
    working = true;
    await user.click(screen.getByRole('button', { name: 'Send a test e-mail' }));
    await screen.findByText('The mail server took the test e-mail. Check that it arrived.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the alarms are refused (403 wrong_area) or the server is away', async () => {
    let refusal = problem(403, 'wrong_area');
    const { user } = await openAlarms({ 'GET /api/operator/alarms': () => refusal });
    expect(await screen.findByRole('alert')).toHaveTextContent("This account is not an operator's account.");
    refusal = problem(503, 'unavailable');
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('That did not work. Please check your connection and try again.');
  });
});
