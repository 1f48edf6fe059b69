import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import { useLanguage, useT } from '../../lib/i18n';
import { formatDate } from '../../lib/dates';
import { sizeText } from '../../lib/sizes';
import { useConsoleCall, useMailReason, useMoment } from './use-console';
import { useAction } from './use-action';
import { Outcome } from './outcome';
import type { Health } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The certificate's warning shows this long before its end (the "a month before"). */
const CERT_WARNING_MS = 30 * DAY_MS;

function Facts({ heading, children }: { heading: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="card stack" aria-labelledby={id}>
      <h3 id={id}>{heading}</h3>
      {children}
    </section>
  );
}

function Fact({ name, children }: { name: string; children: ReactNode }) {
  return (
    <div>
      <dt>{name}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** The server's state at a glance: "degraded" and its reasons first, then each part with what to watch. */
export function HealthPanel() {
  const t = useT();
  const id = useId();
  const { lang } = useLanguage();
  const call = useConsoleCall();
  const moment = useMoment();
  const mailReason = useMailReason();
  const { busy, error, run } = useAction();
  const [health, setHealth] = useState<Health | null>(null);
  // When the answer came: the certificate's and the backup's ages are measured from it.
  const [now, setNow] = useState(0);

  const load = useCallback(async () => {
    const answer = await run(() => call<Health>('GET', '/health'));
    if (!answer) return;
    setHealth(answer);
    setNow(Date.now());
  }, [call, run]);

  useEffect(() => {
    void load();
  }, [load]);

  const h = health;
  const uptime = h ? Math.max(0, Math.floor(h.uptime_seconds)) : 0;
  const stamp = h?.timestamp;
  const certSoon = stamp ? stamp.expires_soon || Date.parse(stamp.not_after) - now < CERT_WARNING_MS : false;
  const mailStatus = h?.mail.status === 'ok' ? t('operator.mailOk') : h?.mail.status === 'failing' ? t('operator.mailFailing') : t('operator.mailUnknown');

  return (
    <section className="stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('operator.healthHeading')}</h2>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void load()}>
        {t('operator.refresh')}
      </button>
      <Outcome error={error} notice={null} />
      {h ? (
        <>
          {h.status === 'degraded' ? (
            <div className="console-banner console-banner-bad" role="alert">
              <h3>{t('operator.statusDegraded')}</h3>
              <ul>
                {h.reasons.map((reason) => (
                  <li key={reason}>{reason}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="console-banner console-banner-good">{t('operator.statusOk')}</p>
          )}
          <dl className="console-facts card">
            <Fact name={t('operator.version')}>{h.version}</Fact>
            <Fact name={t('operator.uptime')}>
              {t('operator.uptimeValue', {
                days: Math.floor(uptime / 86400),
                hours: Math.floor((uptime % 86400) / 3600),
                minutes: Math.floor((uptime % 3600) / 60),
              })}
            </Fact>
          </dl>
          <Facts heading={t('operator.configHeading')}>
            {h.config.ok ? (
              <p>{t('operator.configOk')}</p>
            ) : (
              <>
                <p className="console-warning">{t('operator.configProblems')}</p>
                <ul>
                  {h.config.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              </>
            )}
          </Facts>
          <Facts heading={t('operator.storageHeading')}>
            <dl className="console-facts">
              <Fact name={t('operator.dataDir')}>{sizeText(h.disk.data_dir_bytes)}</Fact>
              <Fact name={t('operator.free')}>{sizeText(h.disk.free_bytes)}</Fact>
              <Fact name={t('operator.total')}>{sizeText(h.disk.total_bytes)}</Fact>
              <Fact name={t('operator.database')}>{sizeText(h.database_bytes)}</Fact>
              <Fact name={t('operator.copyStore')}>{sizeText(h.copy_store_bytes)}</Fact>
            </dl>
          </Facts>
          <Facts heading={t('operator.certHeading')}>
            {stamp ? (
              <>
                <dl className="console-facts">
                  <Fact name={t('operator.fingerprint')}>
                    <code className="console-long">{stamp.fingerprint_sha256}</code>
                  </Fact>
                  <Fact name={t('operator.notAfter')}>{moment(stamp.not_after)}</Fact>
                </dl>
                {certSoon ? (
                  <p className="console-warning" role="alert">
                    {t('operator.certSoon', { date: formatDate(stamp.not_after, lang) })}
                  </p>
                ) : null}
              </>
            ) : (
              <p>{t('operator.certNone')}</p>
            )}
          </Facts>
          <Facts heading={t('operator.pushKey')}>
            {h.web_push_key ? <code className="console-long">{h.web_push_key}</code> : <p>{t('operator.pushNone')}</p>}
          </Facts>
          <Facts heading={t('operator.backupHeading')}>
            {h.last_backup_at ? (
              <dl className="console-facts">
                <Fact name={t('operator.lastBackup')}>
                  {t('operator.backupAge', {
                    date: moment(h.last_backup_at),
                    days: Math.max(0, Math.floor((now - Date.parse(h.last_backup_at)) / DAY_MS)),
                  })}
                </Fact>
              </dl>
            ) : (
              <p className="console-warning">{t('operator.backupNone')}</p>
            )}
          </Facts>
          <Facts heading={t('operator.mailHeading')}>
            {h.mail.configured ? (
              <p className={h.mail.status === 'failing' ? 'console-warning' : undefined}>
                {mailStatus} {h.mail.status === 'failing' ? mailReason(h.mail.reason) : null}
              </p>
            ) : (
              <p>{t('operator.mailNotConfigured')}</p>
            )}
          </Facts>
        </>
      ) : null}
    </section>
  );
}
