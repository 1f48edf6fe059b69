import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestVault, renderInVault as render, seedVault, storedRecord } from '../../lib/test-utils/test-vault';
import JournalPage from './journal-page';
import { SUPPORTIVE_RESPONSES } from './supportive-responses';
import type { SpeechRecognitionLike } from '../../components/voice-entry';
import type { JournalEntry } from './journal-logic';

const EMPTY = 'Your journal entries will appear here. Start by writing your first entry above.';

type W = { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };

afterEach(() => {
  delete (window as W).SpeechRecognition;
  delete (window as W).webkitSpeechRecognition;
});
// The fakes here have no on-device recognition: she already agreed to the online service (voice-privacy.test.tsx
// covers the notice).
beforeEach(() => localStorage.setItem('voice-entry-online-ok', 'yes'));

describe('Journal page: writing and saving', () => {
  installTestVault();

  it('keeps Save Entry disabled until there is non-blank text', async () => {
    const user = userEvent.setup();
    render(<JournalPage />);
    const save = screen.getByRole('button', { name: 'Save Entry' });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Write your thoughts'), '   ');
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText('Write your thoughts'), 'x');
    expect(save).toBeEnabled();
  });

  it('shows the empty state, then saved entries newest first with a supportive response', async () => {
    const user = userEvent.setup();
    const now = vi.spyOn(Date, 'now');
    render(<JournalPage />);
    expect(screen.getByText(EMPTY)).toBeInTheDocument();

    const field = screen.getByLabelText('Write your thoughts');
    now.mockReturnValue(Date.UTC(2026, 2, 5, 9, 30));
    await user.type(field, 'Morning words');
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(field).toHaveValue('');
    now.mockReturnValue(Date.UTC(2026, 2, 6, 18, 0));
    await user.type(field, 'Evening words');
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));

    expect(screen.queryByText(EMPTY)).not.toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items.map((li) => within(li).getByText(/words$/).textContent)).toEqual([
      'Evening words',
      'Morning words',
    ]);
    const expectedDate = new Date(Date.UTC(2026, 2, 6, 18, 0)).toLocaleString('en-US', {
      dateStyle: 'long',
      timeStyle: 'short',
    });
    expect(within(items[0]).getByText(expectedDate)).toBeInTheDocument();
    expect(within(items[0]).getByRole('heading', { name: 'Supportive Response' })).toBeInTheDocument();

    const stored = (await storedRecord('journal-entries')) as JournalEntry[];
    expect(stored).toHaveLength(2);
    for (const e of stored) {
      expect(Object.keys(e).sort()).toEqual(['aiResponse', 'content', 'id', 'timestamp']);
      expect(e.id).toBe(String(e.timestamp));
      expect(SUPPORTIVE_RESPONSES).toContain(e.aiResponse);
    }
    expect(stored.map((e: { content: string }) => e.content).sort()).toEqual([
      'Evening words',
      'Morning words',
    ]);
  });

  it('keeps an unsaved draft encrypted and offers it back on the next visit', async () => {
    const user = userEvent.setup();
    const first = render(<JournalPage />);
    await user.type(screen.getByLabelText('Write your thoughts'), 'Words I have not saved yet');
    first.unmount();
    expect(await storedRecord('journal-draft')).toBe('Words I have not saved yet');
    expect(JSON.stringify(localStorage)).not.toContain('not saved yet');

    render(<JournalPage />);
    expect(screen.getByLabelText('Write your thoughts')).toHaveValue('Words I have not saved yet');
    expect(screen.getByText('We kept what you were writing last time. It is back in the box below.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save Entry' }));
    expect(await storedRecord('journal-draft')).toBe('');
    expect(screen.queryByText(/We kept what you were writing/)).not.toBeInTheDocument();
  });

  it('Discard draft empties the box and the stored draft', async () => {
    seedVault('journal-draft', 'an old draft');
    const user = userEvent.setup();
    render(<JournalPage />);
    await user.click(screen.getByRole('button', { name: 'Discard draft' }));
    expect(screen.getByLabelText('Write your thoughts')).toHaveValue('');
    expect(await storedRecord('journal-draft')).toBe('');
  });

  it('lists entries already in storage newest first', () => {
    seedVault('journal-entries', [
      { id: '1', content: 'older', timestamp: 1, aiResponse: 'r' },
      { id: '2', content: 'newer', timestamp: 2, aiResponse: 'r' },
    ]);
    render(<JournalPage />);
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('newer');
    expect(items[1]).toHaveTextContent('older');
  });

  it('offers a different prompt on request', async () => {
    const user = userEvent.setup();
    render(<JournalPage />);
    const promptText = () => screen.getByRole('heading', { name: /Reflection prompt/ }).nextElementSibling?.textContent;
    const before = promptText();
    await user.click(screen.getByRole('button', { name: 'Get another prompt' }));
    expect(promptText()).not.toBe(before);
  });
});

class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 5;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  start = vi.fn();
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    FakeRecognition.last = this;
  }
  say(transcript: string) {
    const result = Object.assign([{ transcript }], { isFinal: true });
    this.onresult?.({ resultIndex: 0, results: [result] });
    this.onend?.();
  }
}

describe('Journal page: voice entry', () => {
  installTestVault();

  it('explains and disables voice entry when the browser has no speech API', () => {
    render(<JournalPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Web Speech API is not supported in this browser.');
    expect(screen.getByRole('button', { name: 'Voice Entry' })).toBeDisabled();
  });

  it('appends one recognised utterance on a new line', async () => {
    (window as W).webkitSpeechRecognition = FakeRecognition;
    const user = userEvent.setup();
    render(<JournalPage />);
    const field = screen.getByLabelText('Write your thoughts');
    await user.type(field, 'Typed first');
    await user.click(screen.getByRole('button', { name: 'Voice Entry' }));
    const rec = FakeRecognition.last!;
    expect(rec.start).toHaveBeenCalledOnce();
    expect(rec.continuous).toBe(false);
    expect(screen.getByRole('button', { name: 'Stop Recording' })).toHaveAttribute('aria-pressed', 'true');
    act(() => rec.say('then spoken'));
    expect(field).toHaveValue('Typed first\nthen spoken');
    expect(screen.getByRole('button', { name: 'Voice Entry' })).toBeEnabled();
  });

  it('shows a recognition error and disables the button until dismissed', async () => {
    (window as W).SpeechRecognition = FakeRecognition;
    const user = userEvent.setup();
    render(<JournalPage />);
    await user.click(screen.getByRole('button', { name: 'Voice Entry' }));
    act(() => FakeRecognition.last!.onerror?.({ error: 'not-allowed' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Speech recognition error: not-allowed');
    expect(screen.getByRole('button', { name: 'Voice Entry' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Voice Entry' })).toBeEnabled();
  });

  it('reports a recogniser that cannot be created', async () => {
    (window as W).SpeechRecognition = function Broken() {
      throw new Error('nope');
    };
    const user = userEvent.setup();
    render(<JournalPage />);
    await user.click(screen.getByRole('button', { name: 'Voice Entry' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Speech Recognition not supported or initialized.');
    expect(screen.getByRole('button', { name: 'Voice Entry' })).toBeDisabled();
  });
});

describe('Journal page: calming audio', () => {
  installTestVault();

  let play: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    play = vi.spyOn(HTMLMediaElement.prototype, 'play');
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });

  it('plays a looping sound at half volume and can be turned off', async () => {
    let audio: HTMLMediaElement | null = null;
    play.mockImplementation(function (this: HTMLMediaElement) {
      audio = this;
      return Promise.resolve();
    });
    const user = userEvent.setup();
    render(<JournalPage />);
    const toggle = screen.getByRole('button', { name: 'Calming Audio' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(audio!.loop).toBe(true);
    expect(audio!.volume).toBe(0.5);
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalled();
  });

  it('switches itself off when the browser blocks playback', async () => {
    play.mockImplementation(() => Promise.reject(new DOMException('blocked', 'NotAllowedError')));
    const user = userEvent.setup();
    render(<JournalPage />);
    const toggle = screen.getByRole('button', { name: 'Calming Audio' });
    await user.click(toggle);
    await act(async () => {});
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
  });
});
