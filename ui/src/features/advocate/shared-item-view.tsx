import { useEffect, useMemo, useState } from 'react';
import type { SharedIncident, SharePayload } from '../../lib/advocates/share-payload';
import { fromBase64 } from '../../lib/advocates/sealing';
import { sharedBundleFiles, sharedEntries } from '../../lib/advocates/shared-bundle';
import {
  downloadZip,
  fetchCertificate,
  fetchMaker,
  fetchStampingAuthority,
  publishedCertificate,
  zipBundle,
} from '../../lib/evidence-bundle';
import { howToHtml, reportHtml } from '../../lib/evidence-bundle/report-html';
import { useLanguage, useT, type Translate } from '../../lib/i18n';
import { builtInKinds, type IncidentContent } from '../../lib/incident-entry';
import { EntryDetails } from '../../components/incident-entry';
import { formatDate } from '../../lib/dates';

/**
 * The same evidence bundle she would export (docs/evidence.md, "The bundle"), from what she shared: the same
 * members, report and how-to page, in the advocate's language.
 */
async function exportIncident(item: SharedIncident, t: Translate, lang: string): Promise<void> {
  const certificate = await fetchCertificate();
  const published = await publishedCertificate(certificate, await fetchStampingAuthority(), t);
  const { entries, shown } = sharedEntries(item);
  const report = reportHtml(entries, shown, t, lang, new Date(), builtInKinds(t), published);
  const howTo = howToHtml(entries, shown, t, lang, published, await fetchMaker());
  downloadZip(
    await zipBundle(sharedBundleFiles(item, certificate, report, howTo)),
    `shared-incident-${new Date().toISOString().slice(0, 10)}.zip`,
  );
}

/** Photos shown from memory (blob: addresses), let go when the view closes. */
function usePhotoUrls(item: SharedIncident | null): Record<string, string> {
  const urls = useMemo(() => {
    const out: Record<string, string> = {};
    for (const a of item?.attachments ?? []) {
      if (!a.type.startsWith('image/')) continue;
      const bytes = item!.evidence.files[a.file];
      if (bytes) out[a.file] = URL.createObjectURL(new Blob([fromBase64(bytes)], { type: a.type }));
    }
    return out;
  }, [item]);
  useEffect(() => () => Object.values(urls).forEach((u) => URL.revokeObjectURL(u)), [urls]);
  return urls;
}

/** One shared item, read-only, with the consent record she agreed to. */
export function SharedItemView({ payload }: { payload: SharePayload }) {
  const t = useT();
  const { lang } = useLanguage();
  const { item, consent } = payload;
  const incident = item.kind === 'incident' ? item : null;
  // Everything she recorded, as sealed in her browser (the same fields her own log shows).
  const entry = incident ? (incident.content as IncidentContent) : null;
  const photos = usePhotoUrls(incident);
  const [status, setStatus] = useState('');

  return (
    <article className="advocate-item stack" aria-label={item.title}>
      <h4>{item.title}</h4>
      {item.kind === 'journal' ? <p className="advocate-item-text">{item.text}</p> : null}
      {item.kind === 'safety-plan'
        ? item.sections.map((s) => (
            <div key={s.heading}>
              <h5>{s.heading}</h5>
              <ul>
                {s.items.map((i) => (
                  <li key={i}>{i}</li>
                ))}
              </ul>
            </div>
          ))
        : null}
      {incident && entry ? (
        <>
          <p className="advocate-item-text">{String(entry.what_happened ?? '')}</p>
          <EntryDetails content={entry} />
          {incident.amendments.map((a) => (
            <p key={a.written_at}>
              {t('advocate.correction')}: {a.text}
            </p>
          ))}
          {incident.attachments.map((a) =>
            photos[a.file] ? <img key={a.file} className="advocate-photo" src={photos[a.file]} alt={a.name} /> : <p key={a.file}>{a.name}</p>,
          )}
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() =>
              void exportIncident(incident, t, lang).then(
                () => setStatus(t('advocate.exported')),
                () => setStatus(t('advocate.exportFailed')),
              )
            }
          >
            {t('advocate.export')}
          </button>
          {status ? <p role="status">{status}</p> : null}
        </>
      ) : null}
      <details>
        <summary>{t('advocate.consent', { until: formatDate(consent.until, lang) })}</summary>
        <p className="advocate-item-text" lang={consent.language}>
          {consent.text}
        </p>
      </details>
    </article>
  );
}
