import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { operatorSession, problem, serveConsole } from './console-test-kit';

describe('the operator console at /operator', () => {
  it('asks a signed-out visitor to sign in, with a sign-in name or an e-mail address', async () => {
    const user = userEvent.setup();
    serveConsole({});
    const app = renderApp('/operator');
    await screen.findByRole('heading', { level: 1, name: 'Operator console' });
    await user.type(screen.getByLabelText('Email or sign-in name'), 'Nadia-Desk');
    await user.type(screen.getByLabelText('Password'), 'a long password');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    // A name travels as the auth service's sign-in-name address (lib/sign-in-name.ts).
    expect(app.fake.client.signInWithPassword).toHaveBeenCalledWith({ email: 'nadia-desk@sign-in.invalid', password: 'a long password' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('asks for the authenticator code when the session passed only the password', async () => {
    serveConsole({});
    renderApp('/operator', { session: operatorSession('aal1') });
    await screen.findByRole('heading', { name: 'Your authenticator code' });
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).not.toBeInTheDocument();
  });

  it('sends an operator without two-step sign-in to set it up, through /auth/v1/factors, and then shows the console', async () => {
    const user = userEvent.setup();
    let twoStep = false;
    serveConsole({
      'GET /api/operator/me': () => (twoStep ? { status: 200, body: { name: 'Nadia', two_step: true } } : problem(403, 'two_step_needed')),
      'GET /api/operator/accounts': problem(404, 'not_found'),
    });
    const app = renderApp('/operator', { session: operatorSession('aal2', false) });
    await screen.findByRole('heading', { name: 'Add two-step sign-in' });
    expect(screen.getByText(/The console can act on every account/)).toBeInTheDocument();
    const mfa = {
      listFactors: vi.fn(async () => ({ data: { all: [] }, error: null })),
      unenroll: vi.fn(),
      enroll: vi.fn(async () => ({
        data: { id: 'f-9', type: 'totp', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'ABCDEFGHIJKLMNOP' } },
        error: null,
      })),
      challengeAndVerify: vi.fn(async () => {
        twoStep = true;
        return { data: {}, error: null };
      }),
    };
    Object.assign(app.fake.client, { mfa });
    await user.click(screen.getByRole('button', { name: 'Add an authenticator app' }));
    expect(mfa.enroll).toHaveBeenCalledWith({ factorType: 'totp', friendlyName: 'Operator' });
    expect(screen.getByLabelText('Key to type into the app')).toHaveTextContent('ABCD EFGH IJKL MNOP');
    await user.type(screen.getByLabelText('2. Type the 6-digit code the app shows'), '123456');
    await user.click(screen.getByRole('button', { name: 'Turn on two-step sign-in' }));
    expect(mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f-9', code: '123456' });
    await screen.findByRole('navigation', { name: 'Console sections' });
    expect(screen.getByText('Signed in as Nadia')).toBeInTheDocument();
  });

  it("says plainly when the token is a survivor's or an advocate's (403 wrong_area)", async () => {
    serveConsole({ 'GET /api/operator/me': problem(403, 'wrong_area') });
    renderApp('/operator', { session: operatorSession() });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This account is not an operator's account. The console is only for operators.",
    );
    expect(screen.queryByRole('navigation', { name: 'Console sections' })).not.toBeInTheDocument();
  });

  it('says the console is not here when the server answers 404 not_found', async () => {
    serveConsole({ 'GET /api/operator/me': problem(404, 'not_found') });
    renderApp('/operator', { session: operatorSession() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The console is not available from this address.');
  });

  it('offers to try again when the server cannot be reached', async () => {
    const user = userEvent.setup();
    let up = false;
    serveConsole({ 'GET /api/operator/me': () => (up ? { status: 200, body: { name: 'Nadia', two_step: true } } : problem(503, 'unavailable')) });
    renderApp('/operator', { session: operatorSession() });
    expect(await screen.findByRole('alert')).toHaveTextContent('The console could not be loaded.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('Signed in as Nadia');
  });

  it('moves between its five parts with buttons, sends the token with each call, and signs out', async () => {
    const user = userEvent.setup();
    const calls = serveConsole({
      'GET /api/operator/advocates': { status: 200, body: { advocates: [] } },
      'GET /api/operator/audit': { status: 200, body: { entries: [], more: false } },
    });
    const app = renderApp('/operator', { session: operatorSession() });
    const nav = await screen.findByRole('navigation', { name: 'Console sections' });
    const names = within(nav)
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Accounts', 'Advocates', 'Alarms', 'Health', 'Audit']);
    expect(within(nav).getByRole('button', { name: 'Accounts' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Accounts' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Advocates' }));
    await screen.findByText('No advocates yet.');
    await user.click(within(nav).getByRole('button', { name: 'Audit' }));
    await screen.findByText('No operator actions yet.');
    const token = operatorSession().access_token;
    expect(calls.every((c) => c.auth === `Bearer ${token}`)).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.fake.client.signOut).toHaveBeenCalledWith({ scope: 'local' }));
    await screen.findByRole('heading', { name: 'Sign in as an operator' });
  });
});
