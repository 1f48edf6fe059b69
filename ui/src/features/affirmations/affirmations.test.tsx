import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { nextAffirmationIndex } from './affirmation-logic';
import AffirmationsPage from './affirmations-page';
import { SELF_LOVE_AFFIRMATIONS } from './self-love-affirmations';

describe('self-love affirmations', () => {
  it('are 52 distinct, non-empty sentences', () => {
    expect(SELF_LOVE_AFFIRMATIONS).toHaveLength(52);
    expect(new Set(SELF_LOVE_AFFIRMATIONS).size).toBe(52);
    for (const a of SELF_LOVE_AFFIRMATIONS) expect(a.trim()).not.toBe('');
  });

  it('never picks the same affirmation twice in a row, and can reach every other one', () => {
    const n = SELF_LOVE_AFFIRMATIONS.length;
    for (let current = 0; current < n; current++) {
      const reached = new Set<number>();
      for (let k = 0; k < n - 1; k++) {
        const next = nextAffirmationIndex(n, current, () => (k + 0.5) / (n - 1));
        expect(next).not.toBe(current);
        reached.add(next);
      }
      expect(nextAffirmationIndex(n, current, () => 0.999999)).not.toBe(current);
      expect(reached.size).toBe(n - 1);
    }
  });
});

describe('Affirmations page', () => {
  it('shows a new, different affirmation each time the button is pressed', async () => {
    const user = userEvent.setup();
    render(<AffirmationsPage />);
    const text = () => screen.getByRole('blockquote').textContent;
    let previous = text();
    expect(SELF_LOVE_AFFIRMATIONS).toContain(previous);
    for (let i = 0; i < 20; i++) {
      await user.click(screen.getByRole('button', { name: 'New Affirmation' }));
      const current = text();
      expect(current).not.toBe(previous);
      expect(SELF_LOVE_AFFIRMATIONS).toContain(current);
      previous = current;
    }
  });
});
