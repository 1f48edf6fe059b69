import { useCallback, useEffect, useRef, useState } from 'react';
import { englishText } from '../../lib/english-text';
import { useLanguage, useT, type Translate } from '../../lib/i18n';
import { voiceEntryEnabled, voiceOnlineAccepted, writeVoiceOnlineAccepted } from '../../lib/privacy-prefs';
import { prepareLocalRecognition, type SpeechRecognitionStatics } from './on-device-speech';

/** Why dictation is not working: no speech API, a recogniser that could not be made, or its error code. */
export type SpeechProblem = { kind: 'unsupported' } | { kind: 'not-initialized' } | { kind: 'failed'; code: string };

const UNSUPPORTED: SpeechProblem = { kind: 'unsupported' };
const NOT_INITIALIZED: SpeechProblem = { kind: 'not-initialized' };

// The recogniser's usual error codes have a text of their own, so a language other than English can say what
// happened in plain words; in English each is the product's "Speech recognition error: <code>".
const FAILURE_KEYS: Readonly<Record<string, string>> = {
  'not-allowed': 'voice.speechErrorNotAllowed',
  'service-not-allowed': 'voice.speechErrorServiceNotAllowed',
  'no-speech': 'voice.speechErrorNoSpeech',
  network: 'voice.speechErrorNetwork',
  'audio-capture': 'voice.speechErrorAudioCapture',
  'language-not-supported': 'voice.speechErrorLanguageNotSupported',
};

/** the product's error texts, in the page language. */
export function speechProblemText(problem: SpeechProblem, t: Translate = englishText): string {
  if (problem.kind === 'unsupported') return t('voice.speechUnsupported');
  if (problem.kind === 'not-initialized') return t('voice.speechNotInitialized');
  const key = FAILURE_KEYS[problem.code];
  return key ? t(key) : t('voice.speechError', { code: problem.code });
}

// A page language with a region is used as it is; a bare one gets the region its speakers most often need.
const RECOGNITION_LOCALES: Readonly<Record<string, string>> = { en: 'en-US', hi: 'hi-IN' };

/** The language the recogniser listens for, from the page language ('hi' -> 'hi-IN'). */
export function recognitionLang(pageLang: string): string {
  return RECOGNITION_LOCALES[pageLang] ?? pageLang;
}

type RecognitionResultList = ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;

/** The part of the Web Speech API we use (not in TypeScript's DOM library). */
export type SpeechRecognitionLike = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  /** Chrome's on-device recognition: true means the audio must not leave the device. */
  processLocally?: boolean;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
};

type RecognitionConstructor = (new () => SpeechRecognitionLike) & SpeechRecognitionStatics;

export function getSpeechRecognition(): RecognitionConstructor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition || w.webkitSpeechRecognition;
}

function silence(rec: SpeechRecognitionLike | null) {
  if (!rec) return;
  rec.onresult = null;
  rec.onerror = null;
  rec.onend = null;
  try {
    rec.abort();
  } catch {
    // already stopped
  }
}

/**
 * Dictation of one utterance at a time. `onUtterance` receives each final transcript.
 * Errors are the product's texts in the page language; the caller disables the button while an error is shown.
 * It listens in the page language.
 */
export function useSpeechRecognition(onUtterance: (text: string) => void) {
  const t = useT();
  const lang = recognitionLang(useLanguage().lang);
  const [problem, setProblem] = useState<SpeechProblem | null>(() => (getSpeechRecognition() ? null : UNSUPPORTED));
  // Privacy: on-device recognition where the browser offers it; otherwise `notice` asks her once before the
  // browser's online service hears her (`acceptNotice` remembers the yes). `enabled` is false when she turned
  // Voice Entry off in Settings.
  const [enabled] = useState(voiceEntryEnabled);
  const [isRecording, setRecording] = useState(false);
  const [preparing, setPreparing] = useState(false);
  const [notice, setNotice] = useState(false);
  const [onDevice, setOnDevice] = useState(false);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
  const callbackRef = useRef(onUtterance);
  const live = useRef(true);

  useEffect(() => {
    callbackRef.current = onUtterance;
  }, [onUtterance]);

  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
      silence(recognitionRef.current);
      recognitionRef.current = null;
    };
  }, []);

  const start = useCallback((local: boolean) => {
    const Recognition = getSpeechRecognition();
    let rec: SpeechRecognitionLike | null = null;
    try {
      if (Recognition) {
        rec = new Recognition();
        rec.lang = lang;
        rec.continuous = false;
        rec.interimResults = false;
        rec.maxAlternatives = 1;
        if (local) rec.processLocally = true;
        rec.onresult = (event) => {
          for (let i = event.resultIndex; i < event.results.length; i++) {
            const result = event.results[i];
            if (result.isFinal && result[0]) callbackRef.current(result[0].transcript);
          }
        };
        rec.onerror = (event) => {
          setProblem({ kind: 'failed', code: event.error });
          setRecording(false);
        };
        rec.onend = () => setRecording(false);
      }
    } catch {
      rec = null;
    }
    silence(recognitionRef.current);
    recognitionRef.current = rec;
    if (!rec) {
      setProblem(NOT_INITIALIZED);
      return;
    }
    try {
      rec.start();
      setProblem(null);
      setOnDevice(local);
      setRecording(true);
    } catch (e) {
      setProblem({ kind: 'failed', code: e instanceof Error ? e.name : 'start-failed' });
    }
  }, [lang]);

  const toggle = useCallback(async () => {
    if (isRecording) {
      recognitionRef.current?.stop();
      return;
    }
    const Recognition = getSpeechRecognition();
    if (!Recognition) {
      setProblem(NOT_INITIALIZED);
      return;
    }
    setPreparing(true);
    const local = await prepareLocalRecognition(Recognition, lang);
    if (!live.current) return;
    setPreparing(false);
    if (local) start(true);
    else if (voiceOnlineAccepted()) start(false);
    else setNotice(true);
  }, [isRecording, lang, start]);

  /** She agreed that the browser's online service may hear her: remembered, and dictation starts. */
  const acceptNotice = useCallback(() => {
    writeVoiceOnlineAccepted(true);
    setNotice(false);
    start(false);
  }, [start]);

  const declineNotice = useCallback(() => setNotice(false), []);

  /** Clear a runtime error so the user can try again; "not supported" stays. */
  const dismissError = useCallback(() => {
    setProblem((current) => (current?.kind === 'unsupported' ? current : null));
  }, []);

  return {
    enabled,
    isRecording,
    preparing,
    onDevice,
    notice,
    /** The problem to show, in the page language; null when dictation works. */
    error: problem ? speechProblemText(problem, t) : null,
    /** A missing speech API cannot be dismissed: there is nothing to try again. */
    canDismiss: problem !== null && problem.kind !== 'unsupported',
    toggle,
    acceptNotice,
    declineNotice,
    dismissError,
  };
}
