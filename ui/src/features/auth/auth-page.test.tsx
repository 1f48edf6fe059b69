import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';

async function openAuth(opts: Parameters<typeof renderApp>[1] = {}) {
  const app = renderApp('/auth', opts);
  await screen.findByRole('heading', { name: 'Welcome to Solace' });
  return app;
}

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' });

describe('auth screen', () => {
  it('shows the heading, safety note and sign-in form', async () => {
    await openAuth();
    expect(
      screen.getByText('Your safety is our priority. All data is encrypted and stored securely.'),
    ).toBeInTheDocument();
    expect(field('Email')).toHaveAttribute('type', 'email');
    expect(field('Password')).toHaveAttribute('type', 'password');
    expect(screen.queryByLabelText('Confirm Password')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: "Don't have an account? Sign up" })).toBeInTheDocument();
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
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'abcdefgh');
    expect(screen.getByText('At least 8 characters').closest('li')).toHaveAttribute('data-met', 'true');
    expect(screen.getByText('One uppercase letter').closest('li')).toHaveAttribute('data-met', 'false');
    expect(checklist.querySelectorAll('li')).toHaveLength(5);
    await user.type(field('Confirm Password'), 'abcdefgh');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password must contain at least one uppercase letter.');
    expect(app.fake.client.signUp).not.toHaveBeenCalled();
  });

  it('sign-up reports mismatched passwords', async () => {
    const user = userEvent.setup();
    await openAuth();
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'Abcdefg1!');
    await user.type(field('Confirm Password'), 'Abcdefg1?');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Password and Confirm Password do not match.');
  });

  it('toggling the mode clears the fields and the error', async () => {
    const user = userEvent.setup();
    await openAuth({ signInError: 'Invalid login credentials' });
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'whatever');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid login credentials');
    await user.click(screen.getByRole('button', { name: "Don't have an account? Sign up" }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(field('Email')).toHaveValue('');
    expect(field('Password')).toHaveValue('');
    await user.click(screen.getByRole('button', { name: 'Already have an account? Sign in' }));
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });

  it('signing in goes home and remembers the email for next time', async () => {
    const user = userEvent.setup();
    const app = await openAuth();
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(app.fake.client.signInWithPassword).toHaveBeenCalledWith({
      email: 'sam@example.com',
      password: 'anything',
    });
    expect(localStorage.getItem('lastLoggedInEmail')).toBe('sam@example.com');
  });

  it('with "Remember my e-mail" off, signing in stores no e-mail and prefills none', async () => {
    localStorage.setItem('remember-email', 'off');
    localStorage.setItem('lastLoggedInEmail', 'old@example.com');
    const user = userEvent.setup();
    const app = await openAuth();
    expect(field('Email')).toHaveValue('');
    await user.type(field('Email'), 'sam@example.com');
    await user.type(field('Password'), 'anything');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(localStorage.getItem('lastLoggedInEmail')).toBeNull();
  });

  it('prefills the last used email', async () => {
    localStorage.setItem('lastLoggedInEmail', 'kim@example.com');
    await openAuth();
    expect(field('Email')).toHaveValue('kim@example.com');
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
