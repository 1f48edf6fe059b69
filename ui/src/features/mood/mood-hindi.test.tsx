import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../lib/i18n';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { installTestVault, renderInVault, seedVault } from '../../lib/test-utils/test-vault';
import { formatMoodDate } from './mood-logic';
import MoodPage from './mood-page';

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});
const list = (key: string) => hindi.mood![key] as string[];

describe('Mood page in Hindi', () => {
  installTestVault();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 5, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has three Hindi affirmations in each of the four categories', () => {
    for (const key of ['affirmationsStrength', 'affirmationsSafety', 'affirmationsHealing', 'affirmationsHope']) {
      expect(list(key)).toHaveLength(3);
    }
  });

  it('checks in, replies and shows insights and history in Hindi only', async () => {
    const user = userEvent.setup();
    const days = [1, 2, 3, 4].map((d) => ({ id: String(d), date: `2026-03-0${d}`, mood: 4, notes: '' }));
    seedVault('mood-entries', days);
    const { container } = renderInVault(inLanguage('hi', hindi, <MoodPage />));
    const all = [
      ...list('affirmationsStrength'),
      ...list('affirmationsSafety'),
      ...list('affirmationsHealing'),
      ...list('affirmationsHope'),
    ];
    const daily = screen.getByRole('region', { name: 'आज का अच्छा विचार' });
    expect(all).toContain(daily.querySelector('blockquote')?.textContent);

    await user.click(screen.getByRole('button', { name: 'परेशान' }));
    await user.type(screen.getByLabelText('कुछ लिखना चाहें (ज़रूरी नहीं)'), 'थकान');
    await user.click(screen.getByRole('button', { name: 'सहेजें' }));
    const reply = screen.getByRole('status').querySelector('blockquote')?.textContent;
    expect([...list('affirmationsSafety'), ...list('affirmationsHope')]).toContain(reply);

    const insights = screen.getByRole('region', { name: 'आपके लिए एक झलक' });
    expect(insights).toHaveTextContent('औसत मन का हाल: 5 में से 3.6');
    expect(insights).toHaveTextContent('सबसे ज़्यादा रहा: अच्छा');
    const history = screen.getByRole('region', { name: 'आपके मन का हाल, दिन-ब-दिन' });
    expect(within(history).getByText(formatMoodDate('2026-03-05', 'hi'))).toBeInTheDocument();
    expect(latinWords(container)).toEqual([]);
  });

  it('writes dates the Hindi way, and the English way as docs/product.md says', () => {
    expect(formatMoodDate('2026-03-05', 'hi')).toContain('मार्च');
    expect(formatMoodDate('2026-03-05')).toBe('March 5, 2026');
  });
});
