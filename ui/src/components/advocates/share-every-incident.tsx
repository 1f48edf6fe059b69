import { useId, useState, type FormEvent } from 'react';
import './english';
import { useOptionalAuth } from '../../providers/auth';
import { useLanguage, useT } from '../../lib/i18n';
import { consentLines } from './consent';
import { useMyAdvocates } from '../../lib/advocates/my-advocates';
import { DEFAULT_SHARE_DAYS } from '../../lib/advocates/share-payload';
import { shareDays, ShareTerms } from './share-terms';
import { newStandingId, useStandingShares } from '../../lib/advocates/standing-share';
import { formatDate } from '../../lib/dates';

const DAY_MS = 86_400_000;

/**
 * 'Every incident from now on' in the Incident Log (docs/advocates.md, "A standing share"): she picks the
 * advocate and the days and reads the consent record; from then on each incident she saves is shared with them
 * (the Incident Log sends it once it is time-stamped). She stops it in Settings, under 'My advocate'.
 * `nextSeq`: the place in her chain the next entry takes.
 */
export function ShareEveryIncident({ nextSeq }: { nextSeq: number }) {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const session = useOptionalAuth()?.session;
  const advocates = useMyAdvocates(session?.access_token ?? '') ?? [];
  const [standing, setStanding] = useStandingShares();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const [days, setDays] = useState(String(DEFAULT_SHARE_DAYS));

  if (advocates.length === 0) return null;
  const dateText = (ms: number) => formatDate(ms, lang);
  const free = advocates.filter((a) => !standing.some((s) => s.advocate_id === a.id));
  const advocate = free.find((a) => a.id === chosen) ?? free[0];
  const dayCount = shareDays(days);
  const until = Date.now() + dayCount * DAY_MS;
  const what = t('sharing.everyWhat');
  const lines = advocate ? consentLines(t, what, advocate.name, dateText(until)) : [];

  const start = (e: FormEvent) => {
    e.preventDefault();
    if (!advocate?.public_key) return;
    setStanding((prev) => [
      ...prev,
      {
        id: newStandingId(),
        advocate_id: advocate.id,
        advocate: advocate.name,
        public_key: advocate.public_key!,
        from_seq: nextSeq,
        until,
        consent: {
          language: lang,
          text: lines.join('\n'),
          what,
          advocate: advocate.name,
          shared_at: new Date().toISOString(),
          until: new Date(until).toISOString(),
          can_withdraw: true,
          help_does_not_depend_on_it: true,
        },
        sent: {},
      },
    ]);
    setOpen(false);
  };

  return (
    <section className="share-every-incident card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('sharing.everyHeading')}</h2>
      {standing.map((s) => (
        <p key={s.id} role="status">
          {t('sharing.everyOn', { advocate: s.advocate, until: dateText(s.until) })}
        </p>
      ))}
      {!advocate ? null : open ? (
        <form className="stack" onSubmit={start}>
          <ShareTerms
            id={id}
            advocates={free}
            advocateId={advocate.id}
            onChoose={setChosen}
            days={days}
            onDays={setDays}
            lines={lines}
            Heading="h3"
          />
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary">
              {t('sharing.everyConfirm')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => setOpen(false)}>
              {t('sharing.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <>
          {standing.length === 0 ? <p>{t('sharing.everyIntro')}</p> : null}
          <button type="button" className="btn btn-secondary" onClick={() => setOpen(true)}>
            {t('sharing.everyStart')}
          </button>
        </>
      )}
    </section>
  );
}
