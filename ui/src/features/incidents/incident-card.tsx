import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useLanguage, useT } from '../../lib/i18n';
import { StorageFullError } from '../../lib/vault/record-store';
import { AttachmentView } from './attachment-view';
import { formatMoment } from '../../lib/dates';
import { EntryDetails } from '../../components/incident-entry';
import { whenText } from '../../lib/incident-entry';
import { parseContent, type EvidenceEntry } from './incident-model';
import { SealStatus } from './seal-status';

type Props = {
  incident: EvidenceEntry;
  amendments: EvidenceEntry[];
  onAmend(text: string): Promise<unknown>;
  onDelete(): Promise<unknown>;
  /** 'Share with my advocate', when she has one (lib/advocates). */
  share?: ReactNode;
};

/** One sealed incident, with its corrections beside it (never overwriting it). */
export function IncidentCard({ incident, amendments, onAmend, onDelete, share }: Props) {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const c = parseContent(incident);
  const [amending, setAmending] = useState(false);
  const [text, setText] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState('');

  const amend = async (e: FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    try {
      await onAmend(text.trim());
      setText('');
      setAmending(false);
      setProblem('');
    } catch (err) {
      setProblem(err instanceof StorageFullError ? t('incidents.deviceFull') : t('incidents.notSaved'));
    }
  };

  return (
    <article className="card incident-card" aria-labelledby={`${id}-when`}>
      <div className="incident-original">
        <h3 id={`${id}-when`}>{whenText(c, lang, t)}</h3>
        <p className="incident-label">{t('incidents.original')}</p>
        <p className="incident-what">{c.what_happened}</p>
        <EntryDetails content={c}>
          {incident.attachments.length ? (
            <div>
              <dt>{t('incidents.attachments')}</dt>
              <dd>
                <ul>
                  {incident.attachments.map((a) => (
                    <li key={a.id}>
                      <AttachmentView attachment={a} />
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ) : null}
        </EntryDetails>
        <SealStatus entry={incident} writtenAt={c.written_at} offline={c.written_offline === true} />
        {share}
      </div>

      {amendments.length ? (
        <section className="incident-amendments" aria-label={t('incidents.amendments')}>
          <h4>{t('incidents.amendments')}</h4>
          <ol>
            {amendments.map((a) => {
              const ac = parseContent(a);
              return (
                <li key={a.id} className="incident-amendment">
                  <p className="incident-label">{t('incidents.amendedOn', { when: formatMoment(ac.written_at, lang) })}</p>
                  <p>{ac.text}</p>
                  <SealStatus entry={a} writtenAt={ac.written_at} />
                </li>
              );
            })}
          </ol>
        </section>
      ) : null}

      {amending ? (
        <form className="stack" onSubmit={(e) => void amend(e)}>
          <label className="label" htmlFor={`${id}-amend`}>
            {t('incidents.amendLabel')}
          </label>
          <textarea autoComplete="off" id={`${id}-amend`} className="textarea" rows={3} value={text} onChange={(e) => setText(e.target.value)} />
          <div className="incident-actions">
            <button type="submit" className="btn btn-primary" disabled={!text.trim()}>
              {t('incidents.saveAmendment')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setAmending(false)}>
              {t('incidents.cancel')}
            </button>
          </div>
        </form>
      ) : null}
      {problem ? <p role="alert">{problem}</p> : null}
      <div className="incident-actions">
        {!amending ? (
          <button type="button" className="btn btn-secondary" onClick={() => setAmending(true)}>
            {t('incidents.amend')}
          </button>
        ) : null}
        {confirming ? (
          <>
            <p role="alert">{t('incidents.deleteWarning')}</p>
            <button type="button" className="btn btn-danger" onClick={() => void onDelete()}>
              {t('incidents.deleteConfirm')}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
              {t('incidents.cancel')}
            </button>
          </>
        ) : (
          <button type="button" className="btn btn-ghost" onClick={() => setConfirming(true)}>
            {t('incidents.delete')}
          </button>
        )}
      </div>
    </article>
  );
}
