import type { AdvocateSummary } from '../../lib/advocates/api';
import type { StandingShare } from '../../lib/advocates';
import { formatDateTime } from '../../lib/dates';
import { useLanguage, useT } from '../../lib/i18n';

/** `GET /api/advocates/shares`: what the server knows of each share (never what is in it). */
export type ShareInfo = {
  id: string;
  advocate_id: string;
  size: number;
  expires_at: number;
  created_at: string;
  /** The first opening; it stays when the log below has let it go. */
  opened_at: string | null;
  /** Each time the advocate opened it, oldest first: the latest ones the server keeps (docs/advocates.md, "Openings"). */
  openings?: string[];
  /** False while some of its photos' parts never arrived (docs/advocates.md, "Parts"): the advocate cannot see it. */
  complete?: boolean;
  /** Her label, sealed under her account's data key (lib/advocates/share-label.ts). */
  label?: string;
};

type Props = {
  shares: ShareInfo[];
  standing: StandingShare[];
  advocates: AdvocateSummary[];
  /** Her label of each share, by id, where she gave one. */
  labels: Record<string, string>;
  busy: boolean;
  dateOf(when?: string | number): string;
  onWithdraw(shareId: string): void;
  onStop(share: StandingShare): void;
};

/** What she is sharing with her advocates in 'My advocate': standing shares first, each with its way to end it. */
export function AdvocateShares({ shares, standing, advocates, labels, busy, dateOf, onWithdraw, onStop }: Props) {
  const t = useT();
  const { lang } = useLanguage();
  if (shares.length === 0 && standing.length === 0) return null;
  return (
    <>
      <h3 className="settings-subheading">{t('settings.advocateSharesHeading')}</h3>
      <ul className="two-step-list" aria-label={t('settings.advocateSharesHeading')}>
        {standing.map((st) => (
          <li key={st.id}>
            <span>
              <strong>{t('settings.advocateStanding')}</strong>{' '}
              {t('settings.advocateShare', { name: st.advocate, shared: dateOf(st.consent.shared_at), until: dateOf(st.until) })}
            </span>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onStop(st)}>
              {t('settings.advocateStandingStop')}
            </button>
          </li>
        ))}
        {shares.map((s) => (
          <li key={s.id}>
            <span>
              {labels[s.id] ? <strong>{labels[s.id]}</strong> : null}{' '}
              {t('settings.advocateShare', {
                name: advocates.find((a) => a.id === s.advocate_id)?.name ?? '',
                shared: dateOf(s.created_at),
                until: dateOf(s.expires_at),
              })}{' '}
              {s.complete === false
                ? t('settings.advocateShareIncomplete')
                : s.opened_at
                  ? t('settings.advocateShareOpened', { date: dateOf(s.opened_at) })
                  : t('settings.advocateShareNotOpened')}
              <Openings share={s} when={(at) => formatDateTime(at, lang)} />
            </span>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => onWithdraw(s.id)}>
              {t('settings.advocateWithdraw')}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Each time the advocate opened a share, with its date and time; said as the latest ones once the first is let go. */
function Openings({ share, when }: { share: ShareInfo; when(at: string): string }) {
  const t = useT();
  const list = share.openings ?? [];
  if (list.length === 0) return null;
  const heading =
    share.opened_at && share.opened_at !== list[0]
      ? t('settings.advocateShareOpeningsLatest', { count: String(list.length) })
      : t('settings.advocateShareOpenings');
  return (
    <>
      {' '}
      {heading}
      <ul aria-label={heading}>
        {list.map((at, i) => (
          <li key={i}>
            <time dateTime={at}>{when(at)}</time>
          </li>
        ))}
      </ul>
    </>
  );
}
