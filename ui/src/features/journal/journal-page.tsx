import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useJournalDraft } from './use-journal-draft';
import { useVaultState } from '../../lib/vault';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import calmLoopUrl from './calm-loop.wav';
import { JOURNAL_PROMPTS } from './journal-prompts';
import {
  appendUtterance,
  canSaveEntry,
  createJournalEntry,
  nextIndex,
  randomIndex,
  sortNewestFirst,
  validEntries,
  type JournalEntry,
} from './journal-logic';
import { JournalEntryList } from './journal-entry-list';
import { MicIcon, MusicIcon, SparkIcon } from './journal-icons';
import { SPEECH_UNSUPPORTED, useSpeechRecognition } from './use-speech-recognition';
import { useCalmingAudio } from './use-calming-audio';
import { VoicePrivacyNotice } from './voice-privacy-notice';
import './journal.css';

export default function JournalPage() {
  const [stored, setStored] = useVaultState<JournalEntry[]>(STORAGE_KEYS.journal, []);
  const entries = useMemo(() => sortNewestFirst(validEntries(stored)), [stored]);
  const [promptIndex, setPromptIndex] = useState(() => randomIndex(JOURNAL_PROMPTS.length));
  const { text, setText, restored, clear } = useJournalDraft();
  const [status, setStatus] = useState('');

  const onUtterance = useCallback((utterance: string) => {
    setText((current) => appendUtterance(current, utterance));
  }, [setText]);
  const speech = useSpeechRecognition(onUtterance);
  const audio = useCalmingAudio(calmLoopUrl);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveEntry(text)) return;
    const entry = createJournalEntry(text);
    setStored((prev) => [entry, ...validEntries(prev)]);
    clear();
    setStatus('Entry saved.');
  };

  return (
    <div className="page journal-page">
      <h1 className="page-title">Your Private Journal</h1>
      <p className="page-subtitle">
        A quiet space for your thoughts. What you write here stays on this device.
      </p>

      <section className="card journal-prompt" aria-labelledby="journal-prompt-heading">
        <h2 id="journal-prompt-heading" className="journal-prompt-heading">
          <SparkIcon /> Reflection prompt
        </h2>
        <p className="journal-prompt-text">{JOURNAL_PROMPTS[promptIndex]}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setPromptIndex((i) => nextIndex(JOURNAL_PROMPTS.length, i))}
        >
          Get another prompt
        </button>
      </section>

      <section className="card journal-editor" aria-labelledby="journal-new-heading">
        <h2 id="journal-new-heading">New entry</h2>
        {restored ? (
          <div className="journal-draft-note" role="status">
            <span>We kept what you were writing last time. It is back in the box below.</span>
            <button type="button" className="btn btn-ghost" onClick={clear}>
              Discard draft
            </button>
          </div>
        ) : null}
        <form onSubmit={save} className="stack">
          <div>
            <label className="label" htmlFor="journal-text">
              Write your thoughts
            </label>
            <textarea
            id="journal-text"
            className="textarea journal-textarea"
            rows={8}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setStatus('');
            }}
            placeholder={speech.enabled ? 'Start writing, or use Voice Entry…' : 'Start writing…'}
            />
          </div>
          <div className="journal-tools">
            {speech.enabled ? (
              <button
                type="button"
                className={speech.isRecording ? 'btn btn-danger' : 'btn btn-secondary'}
                onClick={() => void speech.toggle()}
                disabled={(speech.error !== null && !speech.isRecording) || speech.preparing}
                aria-pressed={speech.isRecording}
              >
                <MicIcon /> {speech.isRecording ? 'Stop Recording' : 'Voice Entry'}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={audio.toggle}
              aria-pressed={audio.isPlaying}
            >
              <MusicIcon /> Calming Audio
              <span className="journal-toggle-state" aria-hidden="true">
                {audio.isPlaying ? 'On' : 'Off'}
              </span>
            </button>
            <button type="submit" className="btn btn-primary journal-save" disabled={!canSaveEntry(text)}>
              Save Entry
            </button>
          </div>
        </form>
        {speech.notice ? (
          <VoicePrivacyNotice onAccept={speech.acceptNotice} onDecline={speech.declineNotice} />
        ) : null}
        {speech.enabled && speech.error && (
          <div className="journal-error" role="alert">
            <span>{speech.error}</span>
            {speech.error !== SPEECH_UNSUPPORTED && (
              <button type="button" className="btn btn-ghost" onClick={speech.dismissError}>
                Dismiss
              </button>
            )}
          </div>
        )}
        <p className="journal-status" role="status">
          {speech.isRecording
            ? 'Listening… speak now.'
            : speech.preparing
              ? 'Getting speech recognition ready on this device…'
              : status}
        </p>
      </section>

      <section aria-labelledby="journal-entries-heading">
        <h2 id="journal-entries-heading">Your Entries</h2>
        <JournalEntryList entries={entries} />
      </section>
    </div>
  );
}
