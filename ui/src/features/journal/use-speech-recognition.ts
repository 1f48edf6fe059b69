import { useCallback, useEffect, useRef, useState } from 'react';
import { voiceEntryEnabled, voiceOnlineAccepted, writeVoiceOnlineAccepted } from '../../lib/privacy-prefs';
import { prepareLocalRecognition, type SpeechRecognitionStatics } from './on-device-speech';

export const SPEECH_UNSUPPORTED = 'Web Speech API is not supported in this browser.';
export const SPEECH_NOT_INITIALIZED = 'Speech Recognition not supported or initialized.';
export const speechErrorText = (code: string) => `Speech recognition error: ${code}`;

const LANG = 'en-US';

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
 * Errors use the texts named above; the caller disables the button while an error is shown.
 */
export function useSpeechRecognition(onUtterance: (text: string) => void) {
  const [error, setError] = useState<string | null>(() =>
    getSpeechRecognition() ? null : SPEECH_UNSUPPORTED,
  );
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
        rec.lang = LANG;
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
          setError(speechErrorText(event.error));
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
      setError(SPEECH_NOT_INITIALIZED);
      return;
    }
    try {
      rec.start();
      setError(null);
      setOnDevice(local);
      setRecording(true);
    } catch (e) {
      setError(speechErrorText(e instanceof Error ? e.name : 'start-failed'));
    }
  }, []);

  const toggle = useCallback(async () => {
    if (isRecording) {
      recognitionRef.current?.stop();
      return;
    }
    const Recognition = getSpeechRecognition();
    if (!Recognition) {
      setError(SPEECH_NOT_INITIALIZED);
      return;
    }
    setPreparing(true);
    const local = await prepareLocalRecognition(Recognition, LANG);
    if (!live.current) return;
    setPreparing(false);
    if (local) start(true);
    else if (voiceOnlineAccepted()) start(false);
    else setNotice(true);
  }, [isRecording, start]);

  /** She agreed that the browser's online service may hear her: remembered, and dictation starts. */
  const acceptNotice = useCallback(() => {
    writeVoiceOnlineAccepted(true);
    setNotice(false);
    start(false);
  }, [start]);

  const declineNotice = useCallback(() => setNotice(false), []);

  /** Clear a runtime error so the user can try again; "not supported" stays. */
  const dismissError = useCallback(() => {
    setError((current) => (current === SPEECH_UNSUPPORTED ? current : null));
  }, []);

  return {
    enabled,
    isRecording,
    preparing,
    onDevice,
    notice,
    error,
    toggle,
    acceptNotice,
    declineNotice,
    dismissError,
  };
}
