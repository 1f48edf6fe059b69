import { useLanguage, useT } from '../../lib/i18n';
import { formatMoment } from '../../lib/dates';
import type { EvidenceEntry } from './incident-model';

/**
 * When the entry was sealed and stamped; or that the stamp waits for the network. An entry written offline says
 * that its stamp is from when it reached the server, not from when she wrote it.
 */
export function SealStatus({ entry, writtenAt, offline = false }: { entry: EvidenceEntry; writtenAt: string; offline?: boolean }) {
  const t = useT();
  const { lang } = useLanguage();
  const written = formatMoment(writtenAt, lang);
  if (!entry.token || !entry.stampedAt) {
    return (
      <p className="incident-seal incident-seal-waiting">
        {t(entry.stampedLater ? 'incidents.waitingOffline' : 'incidents.stamping', { written })}
      </p>
    );
  }
  const stamped = formatMoment(entry.stampedAt, lang);
  return (
    <p className="incident-seal">
      {t(offline ? 'incidents.stampedOffline' : entry.stampedLater ? 'incidents.stampedLater' : 'incidents.stamped', { written, stamped })}
      {entry.secondStampedAt && (
        <>
          {' '}
          {t('incidents.secondStamp', { stamped: formatMoment(entry.secondStampedAt, lang) })}
        </>
      )}
    </p>
  );
}
