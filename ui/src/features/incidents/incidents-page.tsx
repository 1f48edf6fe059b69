import { useMemo, useState } from 'react';
import { ShareEveryIncident, ShareWithAdvocate } from '../../components/advocates';
import { useLanguage, useT } from '../../lib/i18n';
import { PinOffer } from '../../components/vault';
import { useCopyState, useVault } from '../../lib/vault';
import { ExportSection } from './export-section';
import { IncidentCalendar } from './incident-calendar';
import { whenText } from '../../lib/incident-entry';
import { IncidentCard } from './incident-card';
import { sharedIncident } from './share-incident';
import { IncidentForm } from './incident-form';
import { incidentDay, parseContent, type EvidenceEntry } from './incident-model';
import { useIncidentLog } from './use-incident-log';
import { useStandingShareSender } from './use-standing-share';
import './incidents.css';

export default function IncidentsPage() {
  const copy = useCopyState();
  const t = useT();
  const { lang } = useLanguage();
  const { vault } = useVault();
  const log = useIncidentLog();
  const [writing, setWriting] = useState(false);
  const [status, setStatus] = useState('');

  const { incidents, amendmentsOf, removals } = useMemo(() => {
    const byIncident = new Map<string, EvidenceEntry[]>();
    for (const e of log.entries.filter((x) => x.kind === 'amendment')) {
      const of = parseContent(e).amends ?? '';
      byIncident.set(of, [...(byIncident.get(of) ?? []), e]);
    }
    return {
      incidents: log.entries.filter((e) => e.kind === 'incident').reverse(),
      amendmentsOf: (id: string) => byIncident.get(id) ?? [],
      removals: log.entries.filter((e) => e.kind === 'removal').length,
    };
  }, [log.entries]);
  const titleOf = (e: EvidenceEntry) => t('incidents.shareWhat', { when: whenText(parseContent(e), lang, t) });
  const notSent = useStandingShareSender(log.entries, titleOf);
  const days = incidents.map((e) => incidentDay(parseContent(e))).filter((d): d is string => d !== null);

  return (
    <div className="page incidents-page">
      <h1 className="page-title">{t('incidents.title')}</h1>
      <p className="page-subtitle">{t('incidents.subtitle')}</p>
      <p role="status" className="incident-status">
        {status}
      </p>
      {notSent.map((name) => (
        <p key={name} role="alert">
          {t('incidents.everyShareFailed', { advocate: name })}
        </p>
      ))}
      {log.unreadable ? <p role="alert">{t('incidents.someUnreadable', { count: log.unreadable })}</p> : null}

      {writing ? <PinOffer /> : null}
      {writing ? (
        <IncidentForm
          onCancel={() => setWriting(false)}
          onSave={async (fields, files) => {
            await log.add('incident', fields, files);
            setWriting(false);
            setStatus(copy.waits ? `${t('incidents.saved')} ${t('common.savedWaitsOffline')}` : t('incidents.saved'));
          }}
        />
      ) : (
        <button type="button" className="btn btn-primary" onClick={() => (setWriting(true), setStatus(''))}>
          {t('incidents.record')}
        </button>
      )}

      <section aria-labelledby="incident-list-title" className="incident-list">
        <h2 id="incident-list-title">{t('incidents.listTitle')}</h2>
        {log.loading ? (
          <p>{t('incidents.loading')}</p>
        ) : incidents.length === 0 ? (
          <p className="empty-state">{t('incidents.empty')}</p>
        ) : (
          incidents.map((e) => (
            <IncidentCard
              key={e.id}
              incident={e}
              amendments={amendmentsOf(e.id)}
              onAmend={async (text) => {
                await log.add('amendment', { amends: e.id, text });
                setStatus(t('incidents.amendmentSaved'));
              }}
              onDelete={async () => {
                await log.remove([e, ...amendmentsOf(e.id)]);
                setStatus(t('incidents.deleted'));
              }}
              share={
                <ShareWithAdvocate
                  what={t('incidents.shareWhat', { when: whenText(parseContent(e), lang, t) })}
                  build={() => sharedIncident(vault, log.entries, e, whenText(parseContent(e), lang, t))}
                />
              }
            />
          ))
        )}
        {removals ? <p className="incident-hint">{t('incidents.removedNote', { count: removals })}</p> : null}
      </section>

      {log.loading ? null : <ShareEveryIncident nextSeq={log.entries.reduce((m, e) => Math.max(m, e.seq + 1), 0)} />}

      <IncidentCalendar days={days} />
      <ExportSection entries={log.entries} stampPending={log.stampPending} />
    </div>
  );
}
