/**
 * Chrome's on-device speech recognition (Web Speech API, `processLocally`): the audio stays on the device. The
 * static `available()` says whether the language can be recognised locally; `install()` fetches the language
 * pack (a model, not her voice) and needs the click that started dictation.
 */
export type LocalAvailability = 'available' | 'downloadable' | 'downloading' | 'unavailable';

export type LocalSpeechOptions = { langs: string[]; processLocally: boolean };

export type SpeechRecognitionStatics = {
  available?: (options: LocalSpeechOptions) => Promise<LocalAvailability>;
  install?: (options: LocalSpeechOptions) => Promise<boolean>;
};

/**
 * True when dictation in `lang` can run on this device, installing the language pack if the browser offers it.
 * Any doubt (no such API, an error, a refused install) gives false: the caller then asks before going online.
 */
export async function prepareLocalRecognition(
  Recognition: SpeechRecognitionStatics,
  lang: string,
): Promise<boolean> {
  if (typeof Recognition.available !== 'function') return false;
  const options = { langs: [lang], processLocally: true };
  try {
    const status = await Recognition.available(options);
    if (status === 'available') return true;
    if ((status === 'downloadable' || status === 'downloading') && typeof Recognition.install === 'function') {
      return (await Recognition.install(options)) === true;
    }
  } catch {
    // blocked by a permissions policy or an older browser: not local
  }
  return false;
}
