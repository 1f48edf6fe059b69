import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HomeAppSection } from './home-app-section';

afterEach(() => {
  document.cookie = 'home-app=; Max-Age=0; Path=/';
});

describe('the home-screen app in Settings', () => {
  it('shows what the server installs now and keeps her choice in the cookie the server reads', async () => {
    const user = userEvent.setup();
    vi.stubGlobal('fetch', async () => Response.json({ name: 'Quick Notes', start_url: '/notes' }));
    render(<HomeAppSection />);
    const notes = screen.getByRole('radio', { name: /^Quick Notes/ });
    await vi.waitFor(() => expect(notes).toBeChecked());

    await user.click(screen.getByRole('radio', { name: /^Weather Forecast/ }));
    expect(screen.getByRole('radio', { name: /^Weather Forecast/ })).toBeChecked();
    expect(document.cookie).toContain('home-app=weather');
  });
});
