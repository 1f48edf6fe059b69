import { useId, useState, type FormEvent } from 'react';
import './english';
import { useOptionalAuth } from '../../providers/auth';
import { useLanguage, useT } from '../../lib/i18n';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useVault, useVaultState } from '../../lib/vault';
import { AdvocateApiError } from '../../lib/advocates/api';
import { consentLines } from './consent';
import { useMyAdvocates } from '../../lib/advocates/my-advocates';
import type { PartProgress } from '../../lib/advocates/part-transfer';
import { PartsProgress } from './parts-progress';
import { sendShare } from '../../lib/advocates/send-share';
import { DEFAULT_SHARE_DAYS, type SharedItem } from '../../lib/advocates/share-payload';
import { shareDays, ShareTerms } from './share-terms';
import { formatDate } from '../../lib/dates';

/** The server's refusals she can act on (docs/advocates.md, "Limits"), each said in her language. */
const REFUSALS: Record<string, string> = {
  too_many_shares: 'sharing.tooMany',
  unfinished_shares: 'sharing.unfinished',
  server_full: 'sharing.serverFull',
};

const DAY_MS = 86_400_000;

/**
 * 'Share with my advocate' beside one item: shown only when she has an advocate. She picks the advocate and the
 * days, reads the consent record, and the item is sealed in this browser to that advocate's key.
 */
export function ShareWithAdvocate({ what, build }: { what: string; build: () => Promise<SharedItem> }) {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const session = useOptionalAuth()?.session;
  const token = session?.access_token ?? '';
  const advocates = useMyAdvocates(token) ?? [];
  const { vault } = useVault();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState('');
  const [days, setDays] = useState(String(DEFAULT_SHARE_DAYS));
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<PartProgress | null>(null);
  // What each share holds, for her list in Settings: the server cannot say (it sees sealed bytes only).
  const [, setLabels] = useVaultState<Record<string, string>>(STORAGE_KEYS.advocateShares, {});

  if (advocates.length === 0) return null;
  const advocate = advocates.find((a) => a.id === chosen) ?? advocates[0];
  const dayCount = shareDays(days);
  const until = new Date(Date.now() + dayCount * DAY_MS);
  const untilText = formatDate(until, lang);
  const lines = consentLines(t, what, advocate.name, untilText);

  const share = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setStatus(t('sharing.sharing'));
    try {
      const item = await build();
      const shareId = crypto.randomUUID();
      const consent = {
        language: lang,
        text: lines.join('\n'),
        what,
        advocate: advocate.name,
        shared_at: new Date().toISOString(),
        until: until.toISOString(),
        can_withdraw: true as const,
        help_does_not_depend_on_it: true as const,
      };
      const outgoing = { advocateId: advocate.id, publicKey: advocate.public_key!, shareId, expiresAt: until.getTime(), consent, item, label: what };
      await sendShare(token, vault, outgoing, setProgress);
      setLabels((old) => ({ ...old, [shareId]: what }));
      setOpen(false);
      setStatus(t('sharing.shared', { advocate: advocate.name, until: untilText }));
    } catch (err) {
      // An incident still waiting for its time-stamp cannot travel as evidence yet (docs/evidence.md).
      const name = err instanceof Error ? err.name : '';
      const refused = err instanceof AdvocateApiError ? REFUSALS[err.code] : undefined;
      setStatus(t(refused ?? (name === 'NotStampedError' ? 'sharing.notStamped' : name === 'TooLargeError' ? 'sharing.tooLarge' : 'sharing.failed')));
    } finally {
      setBusy(false);
      setProgress(null);
    }
  };

  return (
    <div className="share-with-advocate">
      {open ? (
        <form className="card stack" onSubmit={(e) => void share(e)} aria-labelledby={`${id}-h`}>
          <h3 id={`${id}-h`}>{t('sharing.heading')}</h3>
          <ShareTerms
            id={id}
            advocates={advocates}
            advocateId={advocate.id}
            onChoose={setChosen}
            days={days}
            onDays={setDays}
            lines={lines}
            Heading="h4"
          />
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('sharing.confirm')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setOpen(false)}>
              {t('sharing.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="btn btn-secondary" onClick={() => (setOpen(true), setStatus(''))}>
          {t('sharing.share')}
        </button>
      )}
      <PartsProgress progress={progress} direction="up" />
      {status ? <p role="status">{status}</p> : null}
    </div>
  );
}
