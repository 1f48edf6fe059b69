import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AppConfigProvider, DEFAULT_CONFIG, type AppConfig } from '../../lib/app-config';
import { AuthProvider } from '../../providers/auth';
import { createFakeAuthClient, fakeSession } from '../../lib/test-utils/fake-auth-client';
import { DeleteAccountSection } from './delete-account-section';

function googleOnlySession() {
  const session = fakeSession();
  session.user.identities = [
    { id: 'g', identity_id: 'g', user_id: 'user-1', provider: 'google', identity_data: {} },
  ] as typeof session.user.identities;
  return session;
}

function setup(answer: Response, config: AppConfig = DEFAULT_CONFIG, session = fakeSession()) {
  const fake = createFakeAuthClient({ session });
  const fetchImpl = vi.fn<typeof fetch>(async () => answer);
  const landOnSignIn = vi.fn();
  render(
    <AppConfigProvider value={config}>
      <AuthProvider client={fake.asClient}>
        <DeleteAccountSection fetchImpl={fetchImpl} landOnSignIn={landOnSignIn} />
      </AuthProvider>
    </AppConfigProvider>,
  );
  return { fake, fetchImpl, landOnSignIn };
}

const error = (status: number, code: string) =>
  new Response(JSON.stringify({ code, error_code: code, message: 'x' }), { status });

async function deleteWith(password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Your password'), password);
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  await user.click(within(dialog).getByRole('button', { name: 'Yes, delete everything' }));
}

describe('Delete my account', () => {
  it('a wrong password says so and deletes nothing, here or there', async () => {
    localStorage.setItem('data:user-1:1', 'v1.sealed');
    const { fake, fetchImpl, landOnSignIn } = setup(error(400, 'invalid_credentials'));
    await deleteWith('not-it');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'That password is not right. Nothing has been deleted.',
    );
    const [url, init] = fetchImpl.mock.calls[0];
    expect(url).toBe(`${window.location.origin}/auth/v1/user/delete`);
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'not-it' });
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer access');
    expect(localStorage.getItem('data:user-1:1')).toBe('v1.sealed');
    expect(fake.client.signOut).not.toHaveBeenCalled();
    expect(landOnSignIn).not.toHaveBeenCalled();
  });

  it('while a check-in runs, says to end it with her PIN first and deletes nothing', async () => {
    localStorage.setItem('data:user-1:1', 'v1.sealed');
    const { fake, landOnSignIn } = setup(error(409, 'checkin_running'));
    await deleteWith('her-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A check-in is running, so your account cannot be deleted yet',
    );
    expect(screen.getByRole('alert')).toHaveTextContent('End the check-in with your PIN');
    expect(localStorage.getItem('data:user-1:1')).toBe('v1.sealed');
    expect(fake.client.signOut).not.toHaveBeenCalled();
    expect(landOnSignIn).not.toHaveBeenCalled();
  });

  it('Keep my account sends nothing', async () => {
    const { fetchImpl } = setup(new Response(null, { status: 204 }));
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Your password'), 'Quiet-Harbor-42!');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Keep my account' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('once the server has deleted it, clears the device and loads the sign-in page afresh', async () => {
    localStorage.setItem('data:user-1:1', 'v1.sealed');
    localStorage.setItem('remembered-name', 'sam@example.com');
    const { fake, landOnSignIn } = setup(new Response(null, { status: 204 }));
    await deleteWith('Quiet-Harbor-42!');
    await vi.waitFor(() => expect(landOnSignIn).toHaveBeenCalledOnce());
    expect(localStorage.length).toBe(0);
    // The server ended her sessions with the account: nothing to sign out of there.
    expect(fake.client.signOut).not.toHaveBeenCalled();
  });

  it('a Google-only account sends no password and is told to sign in again when that was too long ago', async () => {
    const { fetchImpl } = setup(error(400, 'reauthentication_needed'), DEFAULT_CONFIG, googleOnlySession());
    const user = userEvent.setup();
    await screen.findByText(/within five minutes of signing in/);
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/sign in with Google again/);
    expect(JSON.parse(String(fetchImpl.mock.calls[0][1]?.body))).toEqual({});
  });

  it('a Google account that has a password after all is asked for it', async () => {
    setup(error(400, 'invalid_credentials'), DEFAULT_CONFIG, googleOnlySession());
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    await user.click(screen.getByRole('button', { name: 'Yes, delete everything' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This account also has a password.');
    expect(screen.getByLabelText('Your password')).toBeInTheDocument();
  });

  it('with an external sign-in service, explains who can delete it and offers no button', () => {
    setup(new Response(null, { status: 204 }), {
      ...DEFAULT_CONFIG,
      auth: { url: 'https://auth.example.org/auth/v1', anon_key: 'anon', google_enabled: false },
    });
    expect(screen.getByText(/Only they can delete it, so please ask them/)).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Your password')).not.toBeInTheDocument();
  });
});
