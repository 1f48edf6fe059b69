import { useId, useState } from 'react';
import { downloadZip, fetchCertificate, fetchMaker, publishedCertificate } from '../../lib/evidence-bundle';
import { howToHtml, reportHtml } from '../../lib/evidence-bundle/report-html';
import { useLanguage, useT } from '../../lib/i18n';
import { useVault } from '../../lib/vault';
import { bundleFiles, NotStampedError, shownIds, zipBundle } from './export-bundle';
import { exportFileName, lockProblem, MIN_PASSWORD_LENGTH, type LockProblem } from './export-lock';
import { incidentDay, parseContent, type EvidenceEntry } from './incident-model';
import { attachmentBytes } from './incident-store';
import { useCategories } from '../../lib/incident-entry';
import { incidentsServerConfig } from './server-config';

type Props = { entries: EvidenceEntry[]; stampPending(): Promise<unknown> };

/**
 * She chooses incidents (all, or a date range) and whether to lock the file with a password (the default); the
 * browser builds one ZIP and downloads it. Before she saves, the section says where the file goes, who could find
 * it, and that sharing with her advocate needs no file at all.
 */
export function ExportSection({ entries, stampPending }: Props) {
  const t = useT();
  const { lang } = useLanguage();
  const { vault } = useVault();
  const categories = useCategories(t);
  const id = useId();
  const [range, setRange] = useState(false);
  const [from, setFrom] = useState('');
  const [until, setUntil] = useState('');
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [lock, setLock] = useState(true);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [problem, setProblem] = useState<LockProblem | null>(null);

  const chosen = entries.filter((e) => {
    if (e.kind !== 'incident') return false;
    if (!range) return true;
    const day = incidentDay(parseContent(e)) ?? '';
    return (!from || day >= from) && (!until || day <= until);
  });

  const run = async () => {
    const wrong = lock ? lockProblem(password, again) : null;
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    setStatus(t('incidents.exporting'));
    try {
      await stampPending();
      const shown = shownIds(entries, new Set(chosen.map((e) => e.id)));
      const certificate = await fetchCertificate();
      const server = await incidentsServerConfig();
      // The reader is told who made the stamps, as it is: the operator, the certificate, where it is published.
      const published = await publishedCertificate(certificate, server, t);
      const made = new Date();
      const files = await bundleFiles({
        entries,
        shown,
        certificate,
        attachment: (aid) => attachmentBytes(vault, aid),
        reportHtml: reportHtml(entries, shown, t, lang, made, categories, published),
        howToHtml: howToHtml(entries, shown, t, lang, published, await fetchMaker()),
        court: server.courtCertificate ? { kind: server.courtCertificate, made, authority: published } : undefined,
      });
      const zip = await zipBundle(files, lock ? password : undefined);
      downloadZip(zip, exportFileName(new Date()));
      // She has the password now; the page does not keep it.
      setPassword('');
      setAgain('');
      setStatus(t(lock ? 'incidents.exportedLocked' : 'incidents.exported', { count: chosen.length }));
    } catch (err) {
      setStatus(err instanceof NotStampedError ? t('incidents.exportNotStamped') : t('incidents.exportFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card incident-export stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('incidents.exportTitle')}</h2>
      <p className="incident-hint">{t('incidents.exportHint')}</p>
      <fieldset className="incident-fieldset">
        <legend>{t('incidents.exportWhich')}</legend>
        <label className="incident-check">
          <input type="radio" name={`${id}-which`} checked={!range} onChange={() => setRange(false)} />
          {t('incidents.exportAll')}
        </label>
        <label className="incident-check">
          <input type="radio" name={`${id}-which`} checked={range} onChange={() => setRange(true)} />
          {t('incidents.exportRange')}
        </label>
        {range ? (
          <div className="incident-range">
            <label className="label" htmlFor={`${id}-from`}>
              {t('incidents.from')}
            </label>
            <input autoComplete="off" id={`${id}-from`} type="date" className="input" value={from} onChange={(e) => setFrom(e.target.value)} />
            <label className="label" htmlFor={`${id}-until`}>
              {t('incidents.until')}
            </label>
            <input autoComplete="off" id={`${id}-until`} type="date" className="input" value={until} onChange={(e) => setUntil(e.target.value)} />
          </div>
        ) : null}
      </fieldset>
      <div className="incident-before-save">
        <h3>{t('incidents.beforeSaveTitle')}</h3>
        <ul>
          <li>{t('incidents.beforeSaveWhere')}</li>
          <li>{t('incidents.beforeSaveWho')}</li>
          <li>{t('incidents.beforeSaveAdvocate')}</li>
          <li>{t('incidents.beforeSaveLawyer')}</li>
        </ul>
      </div>
      <fieldset className="incident-fieldset">
        <legend>{t('incidents.lockLegend')}</legend>
        <label className="incident-check">
          <input type="radio" name={`${id}-lock`} checked={lock} onChange={() => setLock(true)} />
          {t('incidents.lockYes')}
        </label>
        <label className="incident-check">
          <input type="radio" name={`${id}-lock`} checked={!lock} onChange={() => setLock(false)} />
          {t('incidents.lockNo')}
        </label>
        {lock ? (
          <div className="incident-lock">
            <label className="label" htmlFor={`${id}-password`}>
              {t('incidents.lockPassword')}
            </label>
            {/* Password fields (never kept for a restored session) that the browser's password manager reads as a one-time
                code: it would otherwise offer to keep the file's password, or fill in her sign-in password. */}
            <input
              id={`${id}-password`}
              type="password"
              autoComplete="one-time-code"
              className="input"
              aria-describedby={`${id}-password-hint`}
              aria-invalid={problem === 'short'}
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <label className="label" htmlFor={`${id}-again`}>
              {t('incidents.lockAgain')}
            </label>
            <input
              id={`${id}-again`}
              type="password"
              autoComplete="one-time-code"
              className="input"
              aria-invalid={problem === 'different'}
              value={again}
              onChange={(e) => setAgain(e.target.value)}
            />
            <p id={`${id}-password-hint`} className="incident-hint">
              {t('incidents.lockHint', { min: MIN_PASSWORD_LENGTH })} {t('incidents.lockOpensWith')}
            </p>
          </div>
        ) : (
          <p className="incident-hint">{t('incidents.lockNoWarning')}</p>
        )}
      </fieldset>
      {problem ? (
        <p role="alert">{t(problem === 'short' ? 'incidents.lockTooShort' : 'incidents.lockDifferent', { min: MIN_PASSWORD_LENGTH })}</p>
      ) : null}
      <button type="button" className="btn btn-primary" disabled={busy || chosen.length === 0} onClick={() => void run()}>
        {t('incidents.exportButton', { count: chosen.length })}
      </button>
      <p role="status">{status}</p>
    </section>
  );
}
