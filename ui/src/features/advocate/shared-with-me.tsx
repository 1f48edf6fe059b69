import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { advocateApi } from '../../lib/advocates/api';
import { getParts, type PartProgress } from '../../lib/advocates/part-transfer';
import { PartsProgress } from '../../components/advocates/parts-progress';
import { openPart, withAttachments } from '../../lib/advocates/share-parts';
import { decodePayload, type SharePayload } from '../../lib/advocates/share-payload';
import { fromBase64, openSealed, unlockAdvocateKey, WrongPassphraseError } from '../../lib/advocates/sealing';
import { useLanguage, useT } from '../../lib/i18n';
import type { AdvocateHomeData } from './types';
import { SharedItemView } from './shared-item-view';
import { formatDate } from '../../lib/dates';

/** `GET /api/advocate/shares`: what the server knows of each share. */
type ShareInfo = { id: string; survivor_id: string; size: number; expires_at: number; created_at: string; opened_at: string | null };

/** A share id is unique among one person's shares only, so a share is known by whose it is and its id. */
const shareKey = (s: ShareInfo) => `${s.survivor_id}/${s.id}`;

/**
 * What people share with this advocate, opened with the passphrase. The key (held by the home screen, which the
 * alerts use too) and everything opened live only in memory: signing out or the idle lock unmounts them, and
 * nothing was written to storage.
 */
export function SharedWithMe({
  token,
  data,
  unlockedKey: key,
  onUnlocked: setKey,
  onForgot,
}: {
  token: string;
  data: AdvocateHomeData;
  unlockedKey: CryptoKey | null;
  onUnlocked(key: CryptoKey): void;
  onForgot(): void;
}) {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const [passphrase, setPassphrase] = useState('');
  const [shares, setShares] = useState<ShareInfo[]>([]);
  const [opened, setOpened] = useState<Record<string, SharePayload>>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<PartProgress | null>(null);

  const load = useCallback(async () => {
    const { shares: list } = await advocateApi<{ shares: ShareInfo[] }>(token, 'GET', '/advocate/shares');
    setShares(list);
    // A withdrawn or ended share leaves the screen too.
    setOpened((o) => Object.fromEntries(Object.entries(o).filter(([sid]) => list.some((s) => shareKey(s) === sid))));
  }, [token]);

  useEffect(() => {
    if (key) void load().catch(() => setError(t('advocate.loadFailed')));
  }, [key, load, t]);

  const unlock = async (e: FormEvent) => {
    e.preventDefault();
    if (!data.wrapped_private_key) return;
    setBusy(true);
    setError(null);
    try {
      setKey(await unlockAdvocateKey(data.wrapped_private_key, passphrase));
      setPassphrase('');
    } catch (err) {
      setError(err instanceof WrongPassphraseError ? t('advocate.wrongPassphrase') : t('advocate.loadFailed'));
    } finally {
      setBusy(false);
    }
  };

  const open = async (share: ShareInfo) => {
    if (!key) return;
    setError(null);
    const shareId = share.id;
    try {
      const whose = `?from=${encodeURIComponent(share.survivor_id)}`;
      const { sealed } = await advocateApi<{ sealed: string }>(token, 'GET', `/advocate/shares/${encodeURIComponent(shareId)}${whose}`);
      let payload = decodePayload(await openSealed(key, fromBase64(sealed), 'share'));
      const header = payload.parts;
      if (header) {
        // Photos and recordings: each part checked against the digest sealed with the item, then opened.
        const parts = await getParts(token, shareId, share.survivor_id, header.parts.length, setProgress);
        const opened = await Promise.all(parts.map((p, n) => openPart(shareId, header, n, p)));
        payload = { ...payload, item: withAttachments(payload.item, header, opened) };
      }
      setOpened((o) => ({ ...o, [shareKey(share)]: payload }));
    } catch {
      setError(t('advocate.openFailed'));
      void load().catch(() => undefined);
    } finally {
      setProgress(null);
    }
  };

  const dateOf = (v: string | number) => formatDate(v, lang);

  if (!key) {
    return (
      <form className="card stack" onSubmit={(e) => void unlock(e)} aria-labelledby={`${id}-h`}>
        <h2 id={`${id}-h`}>{t('advocate.sharedHeading')}</h2>
        <p>{t('advocate.unlockIntro')}</p>
        <label className="label" htmlFor={`${id}-p`}>
          {t('advocate.unlockPassphrase')}
        </label>
        <input id={`${id}-p`} className="input" type="password" autoComplete="off" required value={passphrase} onChange={(e) => setPassphrase(e.target.value)} />
        {error ? <p role="alert">{error}</p> : null}
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t('advocate.working') : t('advocate.unlock')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onForgot}>
          {t('advocate.forgotPassphrase')}
        </button>
      </form>
    );
  }

  const people = data.people.filter((p) => shares.some((s) => s.survivor_id === p.id));
  return (
    <section className="card stack" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>{t('advocate.sharedHeading')}</h2>
      <button type="button" className="btn btn-secondary" onClick={() => void load().catch(() => setError(t('advocate.loadFailed')))}>
        {t('advocate.refresh')}
      </button>
      {error ? <p role="alert">{error}</p> : null}
      <PartsProgress progress={progress} direction="down" />
      {people.length === 0 ? <p>{t('advocate.sharedNone')}</p> : null}
      {people.map((p) => (
        <section key={p.id} className="advocate-person" aria-label={p.known_as}>
          <h3>{p.known_as}</h3>
          <ul className="advocate-shares">
            {shares
              .filter((s) => s.survivor_id === p.id)
              .map((s) => (
                <li key={s.id}>
                  <p>{t('advocate.shareLine', { shared: dateOf(s.created_at), until: dateOf(s.expires_at) })}</p>
                  {opened[shareKey(s)] ? (
                    <SharedItemView payload={opened[shareKey(s)]} />
                  ) : (
                    <button type="button" className="btn btn-secondary" onClick={() => void open(s)}>
                      {t('advocate.open')}
                    </button>
                  )}
                </li>
              ))}
          </ul>
        </section>
      ))}
    </section>
  );
}
