import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../lib/app-config';
import { renderApp } from '../../testing/render-app';

async function openAuth(opts: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/auth', opts);
  await screen.findByRole('heading', { name: 'Welcome' });
  return app;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' });

describe('auth screen', () => {
  it('shows the heading, safety note and sign-in form', async () => {
    await openAuth();
    expect(
      screen.getByText('Your safety is our priority. All data is encrypted and stored securely.'),
    ).toBeInTheDocument();
    expect(field('Email or sign-in name')).toHaveAttribute('type', 'text');
    expect(field('Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Don't have an account? Sign up" })).toBeInTheDocument();
  });

  it("says what the operator chose above the sign-in, and not the product's name", async () => {
    renderApp('/auth', { config: { sign_in_title: 'Recipes & more', product_name: 'Haven' } });
    expect(await screen.findByRole('heading', { name: 'Recipes & more' })).toBeInTheDocument();
    expect(document.body.textContent).not.toContain('Haven');
  });

  it('the show/hide toggle reveals the password', async () => {
    const user = userEvent.setup();
    await openAuth();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(field('Password')).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('sign-up shows the live checklist and the first failing rule', async () => {
    const user = userEvent.setup();
    const app = await openAuth();
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
    const checklist = screen.getByRole('list', { name: 'Password requirements' });
    await user.type(field('Sign-in name'), 'quiet.river');
    await user.type(field('Password'), 'abcdefgh');
    expect(screen.getByText('At least 8 characters').closest('li')).toHaveAttribute('data-met', 'true');
    expect(screen.getByText('One uppercase letter').closest('li')).toHaveAttribute('data-met', 'false');
    expect(checklist.querySelectorAll('li')).toHaveLength(5);
    await user.type(field('Confirm Password'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your password still needs: one uppercase letter, one digit, and one special character.');
    expect(app.fake.client.signUp).not.toHaveBeenCalled();
  });

  it('sign-up reports mismatched passwords', async () => {
    const user = userEvent.setup();
    await openAuth();
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    await user.type(field('Sign-in name'), 'quiet.river');
    await user.type(field('Password'), 'Abcdefg1!');
    await user.type(field('Confirm Password'), 'Abcdefg1?');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password and Confirm Password do not match.');
  });

  it('toggling the mode clears the fields and the error', async () => {
    const user = userEvent.setup();
    await openAuth({ signInError: 'Invalid login credentials' });
    await user.type(field('Email or sign-in name'), 'sam@example.com');
    await user.type(field('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('Sign-in name')).toHaveValue('');
    expect(field('Password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('signing in with an e-mail goes home and, by default, leaves no e-mail behind', async () => {
    localStorage.setItem('remembered-name', 'old@example.com');
    const user = userEvent.setup();
    const app = await openAuth();
    expect(field('Email or sign-in name')).toHaveValue('');
    await user.type(field('Email or sign-in name'), 'sam@example.com');
    await user.type(field('Password'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(app.fake.client.signInWithPassword).toHaveBeenCalledWith({
      email: 'sam@example.com',
      password: 'anything',
    });
    expect(localStorage.getItem('remembered-name')).toBeNull();
  });

  it('with "Remember my e-mail" turned on, signing in remembers it and prefills it next time', async () => {
    localStorage.setItem('remember-email', 'on');
    const user = userEvent.setup();
    const first = await openAuth();
    await user.type(field('Email or sign-in name'), 'sam@example.com');
    await user.type(field('Password'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(first.location()).toBe('/'));
    expect(localStorage.getItem('remembered-name')).toBe('sam@example.com');
    first.unmount();
    await openAuth();
    expect(field('Email or sign-in name')).toHaveValue('sam@example.com');
  });

  it('signs in with a private sign-in name as its reserved address', async () => {
    const user = userEvent.setup();
    const app = await openAuth();
    await user.type(field('Email or sign-in name'), ' Quiet.River ');
    await user.type(field('Password'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(app.fake.client.signInWithPassword).toHaveBeenCalledWith({
      email: 'quiet.river@sign-in.invalid',
      password: 'anything',
    });
  });

  it('sign-up recommends a private name, then signs in with it', async () => {
    const user = userEvent.setup();
    const app = await openAuth();
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('radio', { name: 'A private sign-in name (recommended)' })).toBeChecked();
    expect(field('Sign-in name')).toHaveAccessibleDescription(/only you know/);
    await user.type(field('Sign-in name'), 'river');
    await user.type(field('Password'), 'Abcdefg1!');
    await user.type(field('Confirm Password'), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your sign-in name needs at least 6 characters.');
    await user.type(field('Sign-in name'), '.quiet');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    const sent = { email: 'river.quiet@sign-in.invalid', password: 'Abcdefg1!' };
    expect(app.fake.client.signUp).toHaveBeenCalledWith({ ...sent, options: { data: {} } });
    expect(app.fake.client.signInWithPassword).toHaveBeenCalledWith(sent);
  });

  it('sign-up with an e-mail is still offered, with a word about why a name is safer', async () => {
    const user = userEvent.setup();
    const app = await openAuth();
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    await user.click(screen.getByRole('radio', { name: 'My e-mail address' }));
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Email')).toHaveAccessibleDescription(/A private sign-in name is safer/);
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'Abcdefg1!');
    await user.type(field('Confirm Password'), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(app.fake.client.signInWithPassword).toHaveBeenCalledWith({ email: 'sam@example.com', password: 'Abcdefg1!' });
  });

  it('without e-mail confirmation, says plainly what an e-mail sign-up can show', async () => {
    const user = userEvent.setup();
    await openAuth();
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    await user.click(screen.getByRole('radio', { name: 'My e-mail address' }));
    expect(field('Email')).toHaveAccessibleDescription(
      /lets anyone who knows your address find out that you have an account here\. A private sign-in name is safer/,
    );
  });

  it('with e-mail confirmation, an e-mail sign-up waits on a calm "check your e-mail" screen, signed out', async () => {
    const user = userEvent.setup();
    const app = await openAuth({ config: { auth: { ...DEFAULT_CONFIG.auth, confirm_email: true } } });
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    await user.click(screen.getByRole('radio', { name: 'My e-mail address' }));
    expect(field('Email')).toHaveAccessibleDescription(/Anyone who can read your e-mail will see that message/);
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'Abcdefg1!');
    await user.type(field('Confirm Password'), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await screen.findByRole('heading', { name: 'Check your e-mail' });
    expect(screen.getByText(/Open the link in it, on this device, to finish signing up\./)).toHaveAttribute('role', 'status');
    expect(document.body).not.toHaveTextContent('sam@example.com');
    expect(app.fake.client.signInWithPassword).not.toHaveBeenCalled();
    expect(app.location()).toBe('/auth');

    await user.click(screen.getByRole('button', { name: 'Send it again' }));
    expect(app.fake.client.resend).toHaveBeenCalledWith({ type: 'signup', email: 'sam@example.com' });
    await screen.findByText(/a new link is on its way/);
    await user.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(screen.getByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('when the sign-in after sign-up is refused, says so without saying an account exists', async () => {
    const user = userEvent.setup();
    const app = await openAuth({ signInError: 'Invalid login credentials', signInErrorCode: 'invalid_credentials' });
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    await user.type(field('Sign-in name'), 'quiet.river');
    await user.type(field('Password'), 'Abcdefg1!');
    await user.type(field('Confirm Password'), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('We could not sign you in with these details.');
    expect(alert.textContent).not.toMatch(/already registered|exists/i);
    expect(app.location()).toBe('/auth');
  });

  it('the operator can require a name, or offer only e-mail', async () => {
    const user = userEvent.setup();
    const first = await openAuth({ config: { auth: { url: null, anon_key: '', google_enabled: false, sign_in_names: 'require' } } });
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(field('Sign-in name')).toBeInTheDocument();
    first.unmount();
    await openAuth({ config: { auth: { url: null, anon_key: '', google_enabled: false, sign_in_names: 'off' } } });
    expect(field('Email')).toHaveAttribute('type', 'email');
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
  });

  it('shows the Google button only when Google sign-in is enabled', async () => {
    const user = userEvent.setup();
    const app = await openAuth({
      config: { auth: { url: null, anon_key: '', google_enabled: true } },
    });
    await user.click(screen.getByRole('button', { name: 'Sign In with Google' }));
    expect(app.fake.client.signInWithOAuth).toHaveBeenCalledWith({
      provider: 'google',
      options: { redirectTo: window.location.origin },
    });
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.getByRole('button', { name: 'Sign Up with Google' })).toBeInTheDocument();
  });

  it('has no Google button when it is not configured', async () => {
    await openAuth();
    expect(screen.queryByRole('button', { name: /Google/ })).not.toBeInTheDocument();
  });
});
