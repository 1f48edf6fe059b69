import { useT } from '../../lib/i18n';
import { ModalDialog } from '../modal-dialog';
import './voice-privacy-notice.css';

type Props = { onAccept(): void; onDecline(): void };

/** Asked once, before the browser's online speech service first hears her. */
export function VoicePrivacyNotice({ onAccept, onDecline }: Props) {
  const t = useT();
  return (
    <ModalDialog title={t('voice.voiceNoticeTitle')} onClose={onDecline}>
      <p>{t('voice.voiceNoticeSent')}</p>
      <p>{t('voice.voiceNoticeTypeInstead')}</p>
      <div className="journal-notice-actions">
        <button type="button" className="btn btn-secondary" data-autofocus onClick={onDecline}>
          {t('voice.voiceNoticeNotNow')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onAccept}>
          {t('voice.voiceNoticeGoOn')}
        </button>
      </div>
    </ModalDialog>
  );
}
