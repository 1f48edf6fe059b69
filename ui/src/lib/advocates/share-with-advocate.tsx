import { useId, useState, type FormEvent } from 'react';
import './english';
import { useOptionalAuth } from '../auth';
import { useLanguage, useT } from '../i18n';
import { intlLocale } from '../intl-locale';
import { STORAGE_KEYS } from '../storage-keys';
import { useVault, useVaultState } from '../vault';
import { advocateApi } from './api';
import { consentLines } from './consent';
import { sealLabel } from './share-label';
import { useMyAdvocates } from './my-advocates';
import { DEFAULT_SHARE_DAYS, encodePayload, type SharedItem } from './share-payload';
import { shareDays, ShareTerms } from './share-terms';

/** The server's bound on one sealed share (docs/advocates.md, "Shares"). */
const MAX_SEALED_BYTES = 1024 * 1024;
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
  // What each share holds, for her list in Settings: the server cannot say (it sees sealed bytes only).
  const [, setLabels] = useVaultState<Record<string, string>>(STORAGE_KEYS.advocateShares, {});

  if (advocates.length === 0) return null;
  const advocate = advocates.find((a) => a.id === chosen) ?? advocates[0];
  const dayCount = shareDays(days);
  const until = new Date(Date.now() + dayCount * DAY_MS);
  const untilText = until.toLocaleDateString(intlLocale(lang), { dateStyle: 'long' });
  const lines = consentLines(t, what, advocate.name, untilText);

  const share = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setStatus(t('sharing.sharing'));
    try {
      const item = await build();
      const bytes = encodePayload({
        v: 1,
        consent: {
          language: lang,
          text: lines.join('\n'),
          what,
          advocate: advocate.name,
          shared_at: new Date().toISOString(),
          until: until.toISOString(),
          can_withdraw: true,
          help_does_not_depend_on_it: true,
        },
        item,
      });
      // HPKE travels only in this chunk, fetched when she shares.
      const { sealToAdvocate, toBase64 } = await import('./sealing');
      const sealed = await sealToAdvocate(advocate.public_key!, bytes, 'share');
      if (sealed.length > MAX_SEALED_BYTES) {
        setStatus(t('sharing.tooLarge'));
        return;
      }
      const shareId = crypto.randomUUID();
      await advocateApi(token, 'POST', `/advocates/${encodeURIComponent(advocate.id)}/shares`, {
        id: shareId,
        expires_at: until.getTime(),
        sealed: toBase64(sealed),
        label: await sealLabel(vault, shareId, what),
      });
      setLabels((old) => ({ ...old, [shareId]: what }));
      setOpen(false);
      setStatus(t('sharing.shared', { advocate: advocate.name, until: untilText }));
    } catch (err) {
      // An incident still waiting for its time-stamp cannot travel as evidence yet (docs/evidence.md).
      setStatus(t(err instanceof Error && err.name === 'NotStampedError' ? 'sharing.notStamped' : 'sharing.failed'));
    } finally {
      setBusy(false);
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
      {status ? <p role="status">{status}</p> : null}
    </div>
  );
}
