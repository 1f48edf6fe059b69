import { useCallback, useMemo, useState, type FormEvent } from 'react';
import { useJournalDraft } from './use-journal-draft';
import { useCopyState, useVaultState } from '../../lib/vault';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import calmLoopUrl from './calm-loop.wav';
import { useT, useTList } from '../../lib/i18n';
import { JOURNAL_PROMPTS_KEY } from './journal-prompts';
import { SUPPORTIVE_RESPONSES_KEY } from './supportive-responses';
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
import { useSpeechRecognition, VoicePrivacyNotice } from '../../components/voice-entry';
import { useCalmingAudio } from './use-calming-audio';
import './journal.css';

export default function JournalPage() {
  const t = useT();
  const prompts = useTList(JOURNAL_PROMPTS_KEY);
  const responses = useTList(SUPPORTIVE_RESPONSES_KEY);
  const [stored, setStored] = useVaultState<JournalEntry[]>(STORAGE_KEYS.journal, []);
  const entries = useMemo(() => sortNewestFirst(validEntries(stored)), [stored]);
  const [promptIndex, setPromptIndex] = useState(() => randomIndex(prompts.length));
  const { text, setText, restored, clear } = useJournalDraft();
  const [status, setStatus] = useState('');

  const onUtterance = useCallback((utterance: string) => {
    setText((current) => appendUtterance(current, utterance));
  }, [setText]);
  const speech = useSpeechRecognition(onUtterance);
  const audio = useCalmingAudio(calmLoopUrl);

  const copy = useCopyState();
  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveEntry(text)) return;
    const entry = createJournalEntry(text, Date.now(), Math.random, responses);
    setStored((prev) => [entry, ...validEntries(prev)]);
    clear();
    setStatus(copy.waits ? `${t('journal.entrySaved')} ${t('common.savedWaitsOffline')}` : t('journal.entrySaved'));
  };

  return (
    <div className="page journal-page">
      <h1 className="page-title">{t('journal.title')}</h1>
      <p className="page-subtitle">{t(copy.copied ? 'journal.subtitleCopied' : 'journal.subtitle')}</p>

      <section className="card journal-prompt" aria-labelledby="journal-prompt-heading">
        <h2 id="journal-prompt-heading" className="journal-prompt-heading">
          <SparkIcon /> {t('journal.promptHeading')}
        </h2>
        <p className="journal-prompt-text">{prompts[promptIndex]}</p>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => setPromptIndex((i) => nextIndex(prompts.length, i))}
        >
          {t('journal.anotherPrompt')}
        </button>
      </section>

      <section className="card journal-editor" aria-labelledby="journal-new-heading">
        <h2 id="journal-new-heading">{t('journal.newEntry')}</h2>
        {restored ? (
          <div className="journal-draft-note" role="status">
            <span>{t('journal.draftKept')}</span>
            <button type="button" className="btn btn-ghost" onClick={clear}>
              {t('journal.discardDraft')}
            </button>
          </div>
        ) : null}
        <form onSubmit={save} className="stack">
          <div>
            <label className="label" htmlFor="journal-text">
              {t('journal.writeLabel')}
            </label>
            <textarea
            autoComplete="off"
            id="journal-text"
            className="textarea journal-textarea"
            rows={8}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setStatus('');
            }}
            placeholder={speech.enabled ? t('journal.placeholderWithVoice') : t('journal.placeholder')}
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
                <MicIcon /> {speech.isRecording ? t('journal.stopRecording') : t('journal.voiceEntry')}
              </button>
            ) : null}
            <button
              type="button"
              className="btn btn-secondary"
              onClick={audio.toggle}
              aria-pressed={audio.isPlaying}
            >
              <MusicIcon /> {t('journal.calmingAudio')}
              <span className="journal-toggle-state" aria-hidden="true">
                {audio.isPlaying ? t('journal.toggleOn') : t('journal.toggleOff')}
              </span>
            </button>
            <button type="submit" className="btn btn-primary journal-save" disabled={!canSaveEntry(text)}>
              {t('journal.saveEntry')}
            </button>
          </div>
        </form>
        {speech.notice ? (
          <VoicePrivacyNotice onAccept={speech.acceptNotice} onDecline={speech.declineNotice} />
        ) : null}
        {speech.enabled && speech.error && (
          <div className="journal-error" role="alert">
            <span>{speech.error}</span>
            {speech.canDismiss && (
              <button type="button" className="btn btn-ghost" onClick={speech.dismissError}>
                {t('journal.dismiss')}
              </button>
            )}
          </div>
        )}
        <p className="journal-status" role="status">
          {speech.isRecording
            ? t('journal.listening')
            : speech.preparing
              ? t('journal.preparingSpeech')
              : status}
        </p>
      </section>

      <section aria-labelledby="journal-entries-heading">
        <h2 id="journal-entries-heading">{t('journal.entriesTitle')}</h2>
        <JournalEntryList entries={entries} />
      </section>
    </div>
  );
}
