import { ModalDialog } from '../../lib/modal-dialog';
import './voice-privacy-notice.css';

type Props = { onAccept(): void; onDecline(): void };

/** Asked once, before the browser's online speech service first hears her. */
export function VoicePrivacyNotice({ onAccept, onDecline }: Props) {
  return (
    <ModalDialog title="Before you speak" onClose={onDecline}>
      <p>
        This browser cannot turn speech into text on your device. To use Voice Entry, it may send the sound of your
        voice to the company that makes the browser, and that company could keep it. Nothing you say is sent to us.
      </p>
      <p>If that does not feel safe, you can type instead. You can also turn Voice Entry off in Settings.</p>
      <div className="journal-notice-actions">
        <button type="button" className="btn btn-secondary" data-autofocus onClick={onDecline}>
          Not now
        </button>
        <button type="button" className="btn btn-primary" onClick={onAccept}>
          Go on with Voice Entry
        </button>
      </div>
    </ModalDialog>
  );
}
