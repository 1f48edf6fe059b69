import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { interpolate, type Catalogue, type Vars } from '../../lib/i18n';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { installTestVault, renderInVault, storedRecord } from '../../lib/test-utils/test-vault';
import { formatEntryDate, type JournalEntry } from './journal-logic';
import JournalPage from './journal-page';
import { recognitionLang, speechProblemText, type SpeechRecognitionLike } from '../../components/voice-entry';

type W = { SpeechRecognition?: unknown };
type Options = { langs: string[]; processLocally: boolean };

/** A recogniser that can listen on the device, recording the language it was asked for. */
class LocalRecognizer implements SpeechRecognitionLike {
  static last: LocalRecognizer | null = null;
  static available = vi.fn(async (opts: Options) => (opts.processLocally ? ('available' as const) : ('unavailable' as const)));
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
    LocalRecognizer.last = this;
  }
}

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});
const list = (key: string) => hindi.journal![key] as string[];

describe('Journal page in Hindi', () => {
  installTestVault();
  afterEach(() => {
    delete (window as W).SpeechRecognition;
  });

  it('has as many Hindi prompts and replies as English ones', () => {
    expect(list('prompts')).toHaveLength(16);
    expect(new Set(list('prompts')).size).toBe(16);
    expect(list('supportiveResponses')).toHaveLength(21);
    expect(new Set(list('supportiveResponses')).size).toBe(21);
  });

  it('writes, saves and replies in Hindi, with the date in Hindi, and no English on the screen', async () => {
    const user = userEvent.setup();
    const at = Date.UTC(2026, 2, 6, 18, 0);
    vi.spyOn(Date, 'now').mockReturnValue(at);
    const { container } = renderInVault(inLanguage('hi', hindi, <JournalPage />));
    expect(list('prompts')).toContain(screen.getByRole('region', { name: /सोचने के लिए एक सवाल/ }).querySelector('.journal-prompt-text')?.textContent);
    expect(screen.getByText(hindi.journal!.entriesEmpty as string)).toBeInTheDocument();

    await user.type(screen.getByLabelText('अपने मन की बात लिखें'), 'आज का दिन लंबा था');
    await user.click(screen.getByRole('button', { name: 'सहेजें' }));
    expect(screen.getByText('सहेज लिया गया।')).toBeInTheDocument();
    const entry = within(screen.getByRole('list')).getByRole('article', {
      name: `${formatEntryDate(at, 'hi')} का पन्ना`,
    });
    expect(within(entry).getByRole('heading', { name: 'आपके लिए कुछ शब्द' })).toBeInTheDocument();
    const [saved] = (await storedRecord('journal-entries')) as JournalEntry[];
    expect(list('supportiveResponses')).toContain(saved.aiResponse);
    expect(latinWords(container)).toEqual([]);
    vi.restoreAllMocks();
  });

  it('explains a missing speech API in Hindi', () => {
    renderInVault(inLanguage('hi', hindi, <JournalPage />));
    expect(screen.getByRole('alert')).toHaveTextContent('इस ब्राउज़र में बोलकर लिखने की सुविधा नहीं है।');
    expect(screen.getByRole('button', { name: 'बोलकर लिखें' })).toBeDisabled();
  });

  it('listens for Hindi (hi-IN) when the page is in Hindi', async () => {
    (window as W).SpeechRecognition = LocalRecognizer;
    const user = userEvent.setup();
    renderInVault(inLanguage('hi', hindi, <JournalPage />));
    await user.click(screen.getByRole('button', { name: 'बोलकर लिखें' }));
    await screen.findByRole('button', { name: 'बोलना बंद करें' });
    expect(LocalRecognizer.available).toHaveBeenCalledWith({ langs: ['hi-IN'], processLocally: true });
    expect(LocalRecognizer.last!.lang).toBe('hi-IN');
    expect(screen.getByText('सुन रहे हैं… अब बोलें।')).toBeInTheDocument();
    act(() => LocalRecognizer.last!.onerror?.({ error: 'language-not-supported' }));
    expect(screen.getByRole('alert')).toHaveTextContent('यह ब्राउज़र हिंदी में बोलकर लिखना नहीं जानता।');
  });

  it('listens in the page language, with its region when the page names one', () => {
    expect(recognitionLang('hi')).toBe('hi-IN');
    expect(recognitionLang('en')).toBe('en-US');
    expect(recognitionLang('en-GB')).toBe('en-GB');
  });

  it('says what went wrong in plain Hindi, and keeps the product’s English text for every code', () => {
    const t = (key: string, vars?: Vars) => interpolate(hindi.voice![key.slice('voice.'.length)] as string, vars);
    expect(speechProblemText({ kind: 'failed', code: 'not-allowed' }, t)).toContain('माइक्रोफ़ोन की इजाज़त नहीं मिली');
    expect(speechProblemText({ kind: 'failed', code: 'odd-code' }, t)).toBe(
      'बोलकर लिखने में दिक्कत आई, फिर से कोशिश करें। (odd-code)',
    );
    for (const code of ['not-allowed', 'service-not-allowed', 'no-speech', 'network', 'audio-capture', 'language-not-supported', 'odd-code']) {
      expect(speechProblemText({ kind: 'failed', code })).toBe(`Speech recognition error: ${code}`);
    }
  });

  it('formats entry dates in Hindi, and in the product’s en-US form in English', () => {
    const at = Date.UTC(2026, 2, 6, 18, 0);
    expect(formatEntryDate(at, 'hi')).toContain('मार्च');
    expect(formatEntryDate(at)).toBe(
      new Date(at).toLocaleString('en-US', { dateStyle: 'long', timeStyle: 'short' }),
    );
  });
});
