import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { catalogueFor, latinWords } from '../../lib/test-utils/in-language';
import { renderApp } from '../../testing/render-app';

describe('staying safe', () => {
  it('is reachable from the sign-in screen, signed out, and says plainly what the app cannot hide', async () => {
    const user = userEvent.setup();
    const app = renderApp('/auth');
    await user.click(await screen.findByRole('link', { name: /Staying safe/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staying safe' })).toBeInTheDocument();
    expect(app.location()).toBe('/staying-safe');
    const text = document.body.textContent ?? '';
    for (const limit of [
      /recording that this site was visited\. The history shows this site’s address under the title “Welcome”/,
      /the history shows the ordinary website it opened right after this site/,
      /new-tab page may also show a tile for this site, titled “Welcome”/,
      /Spyware or a monitoring app/,
      /cannot hide that you have an account/,
      // What a download leaves behind (issue 35).
      /stays in this device's Downloads, and in the browser's list of downloads with this site's address, until you delete it from both/,
      /Lock an export with a password/,
    ]) {
      expect(text).toMatch(limit);
    }
    expect(screen.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/auth');
  });

  it('is reachable from Settings when signed in, and leads back there', async () => {
    const user = userEvent.setup();
    const app = renderApp('/settings', { session: fakeSession() });
    await user.click(await screen.findByRole('link', { name: 'Read Staying safe' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Staying safe' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Back to Settings' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(app.location()).toBe('/settings');
  });
});

describe('staying safe, in Hindi', () => {
  it('says the same in Hindi, with only key names, the product name and the page title left in Latin letters', async () => {
    const hindi = await catalogueFor('hi');
    renderApp('/staying-safe', { language: { lang: 'hi', catalogue: hindi } });
    const heading = await screen.findByRole('heading', { level: 1, name: hindi.stayingSafe!.title as string });
    const page = heading.closest('main')!;
    expect(latinWords(page, ['Solace', 'Welcome', 'Shift', 'Esc', 'Back', 'PIN', 'History', 'Privacy'])).toEqual([]);
    expect(page.textContent).toContain(hindi.layout!.exitNow as string);
  });
});
