import { useCallback, useEffect, useRef, useState } from 'react';

export const SPEECH_UNSUPPORTED = 'Web Speech API is not supported in this browser.';
export const SPEECH_NOT_INITIALIZED = 'Speech Recognition not supported or initialized.';
export const speechErrorText = (code: string) => `Speech recognition error: ${code}`;

type RecognitionResultList = ArrayLike<ArrayLike<{ transcript: string }> & { isFinal: boolean }>;

/** The part of the Web Speech API we use (not in TypeScript's DOM library). */
export type SpeechRecognitionLike = {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  start(): void;
  stop(): void;
  abort(): void;
  onresult: ((event: { resultIndex: number; results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
};

type RecognitionConstructor = new () => SpeechRecognitionLike;

export function getSpeechRecognition(): RecognitionConstructor | undefined {
  const w = window as unknown as {
    SpeechRecognition?: RecognitionConstructor;
    webkitSpeechRecognition?: RecognitionConstructor;
  };
  return w.SpeechRecognition || w.webkitSpeechRecognition;
}

/**
 * Dictation of one utterance at a time. `onUtterance` receives each final transcript.
 * Errors use the texts named above; the caller disables the button while an error is shown.
 */
export function useSpeechRecognition(onUtterance: (text: string) => void) {
  const [error, setError] = useState<string | null>(() =>
    getSpeechRecognition() ? null : SPEECH_UNSUPPORTED,
  );
  const [isRecording, setRecording] = useState(false);
  const recognitionRef = useRef<SpeechRecognitionLike | null>(null);
  const callbackRef = useRef(onUtterance);

  useEffect(() => {
    callbackRef.current = onUtterance;
  }, [onUtterance]);

  useEffect(
    () => () => {
      const rec = recognitionRef.current;
      recognitionRef.current = null;
      if (rec) {
        rec.onresult = null;
        rec.onerror = null;
        rec.onend = null;
        try {
          rec.abort();
        } catch {
          // already stopped
        }
      }
    },
    [],
  );

  const create = useCallback((): SpeechRecognitionLike | null => {
    const Recognition = getSpeechRecognition();
    if (!Recognition) return null;
    try {
      const rec = new Recognition();
      rec.lang = 'en-US';
      rec.continuous = false;
      rec.interimResults = false;
      rec.maxAlternatives = 1;
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
      return rec;
    } catch {
      return null;
    }
  }, []);

  const toggle = useCallback(() => {
    if (isRecording) {
      recognitionRef.current?.stop();
      return;
    }
    const rec = recognitionRef.current ?? create();
    recognitionRef.current = rec;
    if (!rec) {
      setError(SPEECH_NOT_INITIALIZED);
      return;
    }
    try {
      rec.start();
      setError(null);
      setRecording(true);
    } catch (e) {
      setError(speechErrorText(e instanceof Error ? e.name : 'start-failed'));
    }
  }, [create, isRecording]);

  /** Clear a runtime error so the user can try again; "not supported" stays. */
  const dismissError = useCallback(() => {
    setError((current) => (current === SPEECH_UNSUPPORTED ? current : null));
  }, []);

  return { isRecording, error, toggle, dismissError };
}
