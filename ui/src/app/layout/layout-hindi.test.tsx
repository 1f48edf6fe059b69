import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../lib/i18n';
import { fakeSession } from '../../lib/test-utils/fake-auth-client';
import { QuickExitBar } from '../../components/quick-exit-button';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { renderApp } from '../../testing/render-app';

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});

// Data and names, not texts: the product name, the suggestion address, the key she presses.
const ALLOWED = ['Solace', 'Shift', 'ideas', 'solace', 'test'];

describe('the frame around every screen, in Hindi', () => {
  it('exit bar, navigation, emergency button and footer carry no English', async () => {
    const { container } = renderApp('/affirmations', {
      session: fakeSession(),
      config: { contact_email: 'ideas@solace.test' },
      language: { lang: 'hi', catalogue: hindi },
    });
    await screen.findByRole('heading', { level: 1, name: hindi.affirmations!.title as string });
    expect(screen.getByRole('link', { name: hindi.layout!.navJournal as string })).toBeInTheDocument();
    for (const selector of ['header', 'footer', 'aside', '.skip-link']) {
      const part = container.querySelector(selector)!;
      expect(part, selector).not.toBeNull();
      expect(latinWords(part, ALLOWED), selector).toEqual([]);
    }
  });

  it('the exit bar', () => {
    const { container } = render(inLanguage('hi', hindi, <QuickExitBar />));
    expect(screen.getByRole('button', { name: hindi.layout!.exitNow as string })).toBeInTheDocument();
    expect(latinWords(container, ALLOWED)).toEqual([]);
  });

  it('the not-found page too', async () => {
    renderApp('/no-such-page', { language: { lang: 'hi', catalogue: hindi } });
    expect(await screen.findByRole('heading', { name: hindi.layout!.notFoundTitle as string })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: hindi.layout!.notFoundHome as string })).toBeInTheDocument();
  });
});
