import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AFFIRMATIONS } from './mood-affirmations';
import {
  installTestVault,
  renderInVault as render,
  seedVault,
  storedRecord,
} from '../../lib/test-utils/test-vault';
import MoodPage from './mood-page';

const stored = () => storedRecord('mood-entries') as Promise<Array<{ id: string }> | null>;
const textsOf = (...categories: string[]) =>
  AFFIRMATIONS.filter((a) => categories.includes(a.category)).map((a) => a.text);

describe('Mood page', () => {
  installTestVault();

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 5, 10, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('needs a selected mood, saves it with notes, then clears the form and replies kindly', async () => {
    const user = userEvent.setup();
    render(<MoodPage />);
    const save = screen.getByRole('button', { name: 'Save Entry' });
    expect(save).toBeDisabled();

    const struggling = screen.getByRole('button', { name: 'Struggling' });
    await user.click(struggling);
    expect(struggling).toHaveAttribute('aria-pressed', 'true');
    await user.type(screen.getByLabelText('Notes (optional)'), 'Hard morning');
    await user.click(save);

    expect(await stored()).toEqual([{ id: expect.any(String), date: '2026-03-05', mood: 2, notes: 'Hard morning' }]);
    expect(struggling).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('');
    expect(save).toBeDisabled();
    const reply = screen.getByRole('status');
    expect(textsOf('safety', 'hope')).toContain(reply.querySelector('blockquote')?.textContent);

    const history = screen.getByRole('region', { name: 'Your Mood History' });
    expect(within(history).getByText('March 5, 2026')).toBeInTheDocument();
    expect(within(history).getByText('Hard morning')).toBeInTheDocument();
  });

  it('replaces the entry for today instead of adding a second one', async () => {
    const user = userEvent.setup();
    render(<MoodPage />);
    await user.click(screen.getByRole('button', { name: 'Okay' }));
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    const firstId = (await stored())![0]!.id;
    await user.click(screen.getByRole('button', { name: 'Strong' }));
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await stored()).toEqual([{ id: firstId, date: '2026-03-05', mood: 5, notes: '' }]);
    const reply = screen.getByRole('status').querySelector('blockquote')?.textContent;
    expect(textsOf('healing', 'strength')).toContain(reply);
  });

  it('Reset clears the selection and the notes', async () => {
    const user = userEvent.setup();
    render(<MoodPage />);
    await user.click(screen.getByRole('button', { name: 'Good' }));
    await user.type(screen.getByLabelText('Notes (optional)'), 'walk');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByRole('button', { name: 'Good' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByLabelText('Notes (optional)')).toHaveValue('');
    expect(await stored()).toBeNull();
  });

  it('shows insights once there are five entries', async () => {
    const days = [1, 2, 3, 4].map((d) => ({ id: String(d), date: `2026-03-0${d}`, mood: 4, notes: '' }));
    seedVault('mood-entries', days);
    const user = userEvent.setup();
    render(<MoodPage />);
    expect(screen.queryByRole('heading', { name: 'Your Insights' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Good' }));
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    const insights = screen.getByRole('region', { name: 'Your Insights' });
    expect(insights).toHaveTextContent('Average mood: 4.0 out of 5');
    expect(insights).toHaveTextContent('Most frequent mood: Good');
  });

  it('shows one of the twelve affirmations as today’s affirmation', () => {
    render(<MoodPage />);
    const daily = screen.getByRole('region', { name: 'Today’s Affirmation' });
    expect(AFFIRMATIONS.map((a) => a.text)).toContain(daily.textContent?.replace('Today’s Affirmation', ''));
  });
});
