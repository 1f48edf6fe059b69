import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../testing/render-app';

describe('signing in offline', () => {
  it('waits for the network with a clear message, and is possible again once connected', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderApp('/auth');
    const notice = await screen.findByText(/Signing in needs an internet connection/);
    expect(notice).toHaveAttribute('role', 'status');
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeDisabled();

    online.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByText(/Signing in needs an internet connection/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeEnabled();
  });
});
