import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { useAuth } from '../providers/auth';
import { usePanic } from '../providers/panic';
import { fakeSession } from '../lib/test-utils/fake-auth-client';
import { renderApp } from '../testing/render-app';
import { useTheme } from './providers/theme-provider';

describe('routing', () => {
  it('sends a signed-out visitor from a protected page to /auth', async () => {
    const app = renderApp('/journal');
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeInTheDocument();
    expect(app.location()).toBe('/auth');
  });

  it('every screen of the app is titled neutrally, whatever the product is called', async () => {
    renderApp('/journal', { session: fakeSession(), config: { product_name: 'Haven', page_title: 'Recipes' } });
    await screen.findByRole('heading', { level: 1, name: 'Your Private Journal' });
    expect(document.title).toBe('Recipes');
  });

  it('sends a signed-in visitor away from /auth to /', async () => {
    const app = renderApp('/auth', { session: fakeSession() });
    await waitFor(() => expect(app.location()).toBe('/'));
    expect(await screen.findByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('shows the not-found text for unknown paths', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByText('Oops! Page not found.')).toBeInTheDocument();
  });

  it.each([
    ['/weather', 'weather', 'Weather'],
    ['/notes', 'notes', 'Notes'],
  ])('opening %s shows the disguise and keeps the device disguised', async (path, kind, heading) => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    const app = renderApp(path, { session: fakeSession() });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(app.location()).toBe(path);
    await waitFor(() => expect(localStorage.getItem('view-mode')).toBe(kind));
  });

  it('while disguised, any other path of the app shows the disguise instead', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    localStorage.setItem('view-mode', 'notes');
    const app = renderApp('/journal', { session: fakeSession() });
    await waitFor(() => expect(app.location()).toBe('/notes'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Notes' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
    expect(document.title).toBe('Quick Notes');
  });
});

describe('layout', () => {
  it('has every navigation link and the footer texts', async () => {
    renderApp('/', { session: fakeSession(), config: { contact_email: 'ideas@example.org' } });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    for (const name of ['Home', 'Journal', 'Affirmations', 'Resources', 'Safety Plan', 'Mood', 'Settings']) {
      expect(nav).toContainElement(screen.getByRole('link', { name }));
    }
    expect(screen.getByText('Made with love for safety and healing')).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'Emergency: 112' })).toHaveAttribute('href', 'tel:112');
    expect(screen.getByRole('link', { name: 'ideas@example.org' })).toHaveAttribute(
      'href',
      'mailto:ideas@example.org',
    );
  });

  it('hides the suggestion link when no contact e-mail is configured', async () => {
    renderApp('/', { session: fakeSession() });
    await screen.findByRole('navigation', { name: 'Main' });
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });

  it('toggles the mobile menu with aria-expanded', async () => {
    const user = userEvent.setup();
    renderApp('/', { session: fakeSession() });
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
  });

  it('switches the theme on the body and remembers it', async () => {
    const user = userEvent.setup();
    renderApp('/', { session: fakeSession() });
    const toDark = await screen.findByRole('button', { name: 'Switch to dark theme' });
    // Nothing is stored until the user picks a theme (so Clear All Data leaves storage empty).
    expect(localStorage.getItem('theme')).toBeNull();
    await user.click(toDark);
    expect(document.body).toHaveClass('theme-dark');
    expect(localStorage.getItem('theme')).toBe('dark');
    await user.click(screen.getByRole('button', { name: 'Switch to light theme' }));
    expect(document.body).toHaveClass('theme-light');
    expect(document.body).not.toHaveClass('theme-dark');
    expect(localStorage.getItem('theme')).toBe('light');
  });

  it('Logout signs out and goes to /auth', async () => {
    const user = userEvent.setup();
    const app = renderApp('/settings', { session: fakeSession() });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(app.fake.client.signOut).toHaveBeenCalled();
    await waitFor(() => expect(app.location()).toBe('/auth'));
  });

  it('Weather Mode opens the weather disguise and retitles the page; leaving resets the title', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 503 })));
    const user = userEvent.setup();
    const app = renderApp('/', { session: fakeSession() });
    await user.click(await screen.findByRole('button', { name: 'Weather Mode' }));
    await waitFor(() => expect(app.location()).toBe('/weather'));
    expect(document.title).toBe('Weather Forecast');
    expect(await screen.findByRole('heading', { name: 'Weather' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument();
  });

  it('the emergency widget expands to Quick Exit, Weather App and Notes App', async () => {
    const user = userEvent.setup();
    const app = renderApp('/', { session: fakeSession() });
    const toggle = await screen.findByRole('button', { name: 'Emergency options' });
    expect(screen.queryByRole('button', { name: 'Quick Exit' })).not.toBeInTheDocument();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('button', { name: 'Quick Exit' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Weather App' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Notes App' }));
    await waitFor(() => expect(app.location()).toBe('/notes'));
    expect(document.title).toBe('Quick Notes');
  });
});

describe('session', () => {
  it('signs out automatically after more than 2 minutes without activity', async () => {
    // Only the interval and the clock are faked; React's own scheduling stays real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const app = renderApp('/', { session: fakeSession() });
      await screen.findByRole('button', { name: 'Logout' });
      await act(async () => {
        vi.advanceTimersByTime(150_000);
      });
      await waitFor(() => expect(app.fake.client.signOut).toHaveBeenCalled());
      // By default it lands on the weather disguise, not on the sign-in page that names the app.
      await waitFor(() => expect(app.location()).toBe('/weather'));
      expect(localStorage.getItem('view-mode')).toBe('weather');
    } finally {
      vi.useRealTimers();
    }
  });

  it('lands on the sign-in screen after the idle sign-out when she chose it in Settings', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      localStorage.setItem('idle-lock-screen', 'sign-in');
      const app = renderApp('/', { session: fakeSession() });
      await screen.findByRole('button', { name: 'Logout' });
      await act(async () => {
        vi.advanceTimersByTime(150_000);
      });
      await waitFor(() => expect(app.location()).toBe('/auth'));
      expect(localStorage.getItem('view-mode')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('provider errors', () => {
  const quiet = () => vi.spyOn(console, 'error').mockImplementation(() => undefined);
  function Probe({ use }: { use: () => unknown }): ReactNode {
    use();
    return null;
  }

  it('useAuth outside its provider throws a clear message', () => {
    quiet();
    expect(() => render(<Probe use={useAuth} />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('usePanic outside its provider throws a clear message', () => {
    quiet();
    expect(() =>
      render(
        <MemoryRouter>
          <Probe use={usePanic} />
        </MemoryRouter>,
      ),
    ).toThrow('usePanic must be used within a PanicProvider');
  });

  it('useTheme outside its provider throws a clear message', () => {
    quiet();
    expect(() => render(<Probe use={useTheme} />)).toThrow('useTheme must be used within a ThemeProvider');
  });
});
