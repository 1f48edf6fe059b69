import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestVault, renderInVault as render } from '../../lib/test-utils/test-vault';
import JournalPage from './journal-page';
import type { LocalAvailability, SpeechRecognitionLike } from '../../components/voice-entry';

type W = { SpeechRecognition?: unknown; webkitSpeechRecognition?: unknown };

/** A recogniser in the shape of Chrome's, with the on-device statics under the test's control. */
class FakeRecognizer implements SpeechRecognitionLike {
  static made: FakeRecognizer[] = [];
  static availability: LocalAvailability | null = null;
  static installs = vi.fn(async (opts: { langs: string[]; processLocally: boolean }) => opts.langs.length > 0);
  static available = vi.fn(async (opts: { langs: string[]; processLocally: boolean }) => {
    expect(opts).toEqual({ langs: ['en-US'], processLocally: true });
    return FakeRecognizer.availability ?? 'unavailable';
  });
  static install = (opts: { langs: string[]; processLocally: boolean }) => FakeRecognizer.installs(opts);
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 5;
  processLocally = false;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  start = vi.fn();
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    FakeRecognizer.made.push(this);
  }
  say(transcript: string) {
    const result = Object.assign([{ transcript }], { isFinal: true });
    this.onresult?.({ resultIndex: 0, results: [result] });
    this.onend?.();
  }
}

/** An older recogniser: no way to ask for on-device recognition. */
class OnlineOnlyRecognizer extends FakeRecognizer {}
Object.defineProperty(OnlineOnlyRecognizer, 'available', { value: undefined });
Object.defineProperty(OnlineOnlyRecognizer, 'install', { value: undefined });

const voiceButton = () => screen.queryByRole('button', { name: 'Voice Entry' });

describe('Voice Entry privacy', () => {
  installTestVault();
  beforeEach(() => {
    FakeRecognizer.made = [];
    FakeRecognizer.availability = null;
    FakeRecognizer.installs.mockClear();
    FakeRecognizer.available.mockClear();
  });
  afterEach(() => {
    delete (window as W).SpeechRecognition;
    delete (window as W).webkitSpeechRecognition;
  });

  it('uses on-device recognition where the browser has it, with no notice', async () => {
    (window as W).SpeechRecognition = FakeRecognizer;
    FakeRecognizer.availability = 'available';
    const user = userEvent.setup();
    render(<JournalPage />);
    await user.click(voiceButton()!);
    await screen.findByRole('button', { name: 'Stop Recording' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const rec = FakeRecognizer.made.at(-1)!;
    expect(rec.processLocally).toBe(true);
    expect(rec.start).toHaveBeenCalledOnce();
    act(() => rec.say('said on this phone'));
    expect(screen.getByLabelText('Write your thoughts')).toHaveValue('said on this phone');
    expect(localStorage.getItem('voice-entry-online-ok')).toBeNull();
  });

  it('installs the language pack when it can be downloaded, then dictates on the device', async () => {
    (window as W).SpeechRecognition = FakeRecognizer;
    FakeRecognizer.availability = 'downloadable';
    const user = userEvent.setup();
    render(<JournalPage />);
    await user.click(voiceButton()!);
    await screen.findByRole('button', { name: 'Stop Recording' });
    expect(FakeRecognizer.installs).toHaveBeenCalledWith({ langs: ['en-US'], processLocally: true });
    expect(FakeRecognizer.made.at(-1)!.processLocally).toBe(true);
  });

  it('asks before the online service hears her; "Not now" starts nothing', async () => {
    (window as W).SpeechRecognition = FakeRecognizer;
    FakeRecognizer.availability = 'unavailable';
    const user = userEvent.setup();
    render(<JournalPage />);
    await user.click(voiceButton()!);
    const dialog = await screen.findByRole('dialog', { name: 'Before you speak' });
    expect(dialog).toHaveTextContent(/may send the sound of your voice to the company that makes the browser/);
    expect(FakeRecognizer.made).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Not now' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(FakeRecognizer.made).toHaveLength(0);
    expect(localStorage.getItem('voice-entry-online-ok')).toBeNull();
  });

  it('"Go on" starts dictation and is remembered: the next time there is no notice', async () => {
    (window as W).webkitSpeechRecognition = OnlineOnlyRecognizer;
    const user = userEvent.setup();
    const first = render(<JournalPage />);
    await user.click(voiceButton()!);
    const dialog = await screen.findByRole('dialog', { name: 'Before you speak' });
    await user.click(within(dialog).getByRole('button', { name: 'Go on with Voice Entry' }));
    await screen.findByRole('button', { name: 'Stop Recording' });
    expect(FakeRecognizer.made.at(-1)!.processLocally).toBe(false);
    first.unmount();

    render(<JournalPage />);
    await user.click(voiceButton()!);
    await screen.findByRole('button', { name: 'Stop Recording' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('turned off in Settings, Voice Entry is not offered at all', () => {
    (window as W).SpeechRecognition = FakeRecognizer;
    localStorage.setItem('voice-entry', 'off');
    render(<JournalPage />);
    expect(voiceButton()).not.toBeInTheDocument();
    expect(screen.getByLabelText('Write your thoughts')).toHaveAttribute('placeholder', 'Start writing…');
  });
});
