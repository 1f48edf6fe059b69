import { useLanguage, useT } from '../../lib/i18n';
import { formatMoment } from './format-time';
import type { EvidenceEntry } from './incident-model';

/** When the entry was sealed and stamped; or that the stamp waits for the network. */
export function SealStatus({ entry, writtenAt }: { entry: EvidenceEntry; writtenAt: string }) {
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
      {t(entry.stampedLater ? 'incidents.stampedLater' : 'incidents.stamped', { written, stamped })}
      {entry.secondStampedAt && (
        <>
          {' '}
          {t('incidents.secondStamp', { stamped: formatMoment(entry.secondStampedAt, lang) })}
        </>
      )}
    </p>
  );
}
