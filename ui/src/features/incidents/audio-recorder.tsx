import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';

type Props = { onRecorded(blob: Blob, type: string): void };

/** Records sound from the microphone in the app (MediaRecorder); nothing leaves the device. */
export function AudioRecorder({ onRecorded }: Props) {
  const t = useT();
  const [recording, setRecording] = useState(false);
  const [problem, setProblem] = useState('');
  const recorder = useRef<MediaRecorder | null>(null);

  // Leaving the screen stops the microphone.
  useEffect(
    () => () => {
      const r = recorder.current;
      if (r && r.state !== 'inactive') r.stop();
      r?.stream.getTracks().forEach((track) => track.stop());
    },
    [],
  );

  if (typeof MediaRecorder === 'undefined' || !navigator.mediaDevices?.getUserMedia) return null;

  const start = async () => {
    setProblem('');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
      const r = new MediaRecorder(stream);
      const parts: Blob[] = [];
      r.ondataavailable = (e) => {
        if (e.data.size) parts.push(e.data);
      };
      r.onstop = () => {
        stream.getTracks().forEach((track) => track.stop());
        const type = r.mimeType || 'audio/webm';
        onRecorded(new Blob(parts, { type }), type);
      };
      recorder.current = r;
      r.start();
      setRecording(true);
    } catch {
      setProblem(t('incidents.micProblem'));
    }
  };

  const stop = () => {
    recorder.current?.stop();
    recorder.current = null;
    setRecording(false);
  };

  return (
    <div className="incident-recorder">
      <button
        type="button"
        className={recording ? 'btn btn-danger' : 'btn btn-secondary'}
        aria-pressed={recording}
        onClick={() => (recording ? stop() : void start())}
      >
        {recording ? t('incidents.stopAudio') : t('incidents.recordAudio')}
      </button>
      <span role="status">{recording ? t('incidents.recordingNow') : ''}</span>
      {problem ? <p role="alert">{problem}</p> : null}
    </div>
  );
}
