// First, so that every module of Voice Entry finds its English texts when it runs.
import './english';
// Speech to text for a text box (the journal, the incident log): the browser's own recognition, on the
// device where it can; the privacy notice before anything would be sent to the browser's speech service.
export {
  getSpeechRecognition,
  recognitionLang,
  speechProblemText,
  useSpeechRecognition,
  type SpeechProblem,
  type SpeechRecognitionLike,
} from './use-speech-recognition';
export type { LocalAvailability } from './on-device-speech';
export { VoicePrivacyNotice } from './voice-privacy-notice';
