import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../lib/i18n';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import AffirmationsPage from './affirmations-page';

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});

describe('Affirmations page in Hindi', () => {
  it('has 52 distinct Hindi affirmations, as in English', () => {
    const list = hindi.affirmations!.selfLove as string[];
    expect(list).toHaveLength(52);
    expect(new Set(list).size).toBe(52);
  });

  it('shows only Hindi, and a different Hindi affirmation on each press', async () => {
    const user = userEvent.setup();
    const { container } = render(inLanguage('hi', hindi, <AffirmationsPage />));
    const list = hindi.affirmations!.selfLove as string[];
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('रोज़ के अच्छे विचार');
    expect(latinWords(container)).toEqual([]);
    const text = () => screen.getByRole('blockquote').textContent;
    let previous = text();
    expect(list).toContain(previous);
    for (let i = 0; i < 10; i++) {
      await user.click(screen.getByRole('button', { name: 'नया विचार' }));
      expect(text()).not.toBe(previous);
      expect(list).toContain(text());
      previous = text();
    }
  });
});
