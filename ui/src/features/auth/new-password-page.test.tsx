import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { renderApp } from '../../testing/render-app';
import { englishText } from '../../lib/english-text';

const field = (label: string) => screen.getByLabelText(label, { exact: true, selector: 'input' });

afterEach(() => window.history.replaceState(null, '', '/'));

describe('recovery link', () => {
  it('PASSWORD_RECOVERY asks for a new password with the sign-up rules, then opens the app', async () => {
    const user = userEvent.setup();
    const app = renderApp('/', { session: fakeSession() });
    // auth-js announces the recovery session once the app listens.
    await waitFor(() => expect(app.fake.client.onAuthStateChange).toHaveBeenCalled());
    act(() => app.fake.emit('PASSWORD_RECOVERY'));
    await screen.findByRole('heading', { name: 'Choose a new password' });
    expect(screen.getByRole('list', { name: 'Password requirements' }).querySelectorAll('li')).toHaveLength(5);

    await user.type(field('New password'), 'weakweak');
    await user.type(field('Confirm new password'), 'weakweak');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Your password still needs: one uppercase letter, one digit, and one special character.');
    expect(app.fake.client.updateUser).not.toHaveBeenCalled();

    await user.clear(field('New password'));
    await user.clear(field('Confirm new password'));
    await user.type(field('New password'), 'N3w!password');
    await user.type(field('Confirm new password'), 'N3w!password');
    await user.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Choose a new password' })).not.toBeInTheDocument());
    expect(app.fake.client.updateUser).toHaveBeenCalledWith({ password: 'N3w!password' });
  });

  it('a used or expired link says so plainly on the sign-in page and leaves the address', async () => {
    window.history.replaceState(
      null,
      '',
      '/#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid+or+has+expired',
    );
    renderApp('/');
    expect(await screen.findByRole('alert')).toHaveTextContent(englishText('auth.linkExpired'));
    expect(window.location.hash).toBe('');
  });
});
