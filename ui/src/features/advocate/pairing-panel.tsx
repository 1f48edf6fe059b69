import { useEffect, useState } from 'react';
import { advocateApi } from '../../lib/advocates/api';
import { safetyCode, spokenSafetyCode } from '../../lib/advocates/safety-code';
import { useLanguage, useT } from '../../lib/i18n';
import type { AdvocateHomeData } from './types';
import { formatTime } from '../../lib/dates';

type Pairing = { code: string; expiresAt: number; before: Set<string> };
type Match = { knownAs: string; safety: string };

/** How often the page asks whether she has typed the code, while one is shown. */
const CHECK_EVERY_MS = 3000;

/**
 * A pairing code to tell her in person, then, when she has paired, her chosen name and the safety code to
 * compare with her screen (docs/vault.md, "Sharing with an advocate"). The code stays only in this page's memory.
 */
export function PairingPanel({
  token,
  publicKey,
  people,
  reload,
}: {
  token: string;
  publicKey: string;
  people: AdvocateHomeData['people'];
  reload: () => Promise<void>;
}) {
  const t = useT();
  const { lang } = useLanguage();
  const [pairing, setPairing] = useState<Pairing | null>(null);
  const [matches, setMatches] = useState<Match[]>([]);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const make = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const made = await advocateApi<{ code: string; expires_at: number | string }>(token, 'POST', '/advocate/pairing-code');
      setPairing({ code: made.code, expiresAt: new Date(made.expires_at).getTime(), before: new Set(people.map((p) => p.id)) });
      setMatches([]);
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  // While a code waits, look now and then for the person who typed it.
  const waiting = pairing !== null && matches.length === 0;
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setInterval(() => void reload(), CHECK_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [waiting, reload]);

  useEffect(() => {
    if (!pairing) return;
    const fresh = people.filter((p) => !pairing.before.has(p.id));
    if (fresh.length === 0) return;
    let live = true;
    void Promise.all(
      fresh.map(async (p) => ({ knownAs: p.known_as, safety: await safetyCode(publicKey, p.id, pairing.code) })),
    ).then((found) => {
      if (live) setMatches(found);
    });
    return () => {
      live = false;
    };
  }, [people, pairing, publicKey]);

  return (
    <section className="card stack" aria-labelledby="advocate-pair">
      <h2 id="advocate-pair">{t('advocate.pairHeading')}</h2>
      <p>{t('advocate.pairIntro')}</p>
      {pairing && matches.length === 0 ? (
        <div role="status">
          <p>
            {t('advocate.pairCode')}:{' '}
            <strong className="advocate-code" aria-label={t('advocate.pairCode')}>
              {`${pairing.code.slice(0, 4)} ${pairing.code.slice(4)}`}
            </strong>
          </p>
          <p>
            {t('advocate.pairValid', {
              time: formatTime(pairing.expiresAt, lang),
            })}
          </p>
          <p>{t('advocate.pairWaiting')}</p>
        </div>
      ) : null}
      {matches.map((m) => (
        <div key={m.knownAs} className="advocate-safety" role="region" aria-label={t('advocate.safetyHeading')}>
          <h3>{t('advocate.safetyHeading')}</h3>
          <p>{t('advocate.safetyIntro', { name: m.knownAs })}</p>
          <p>
            {t('advocate.safetyCode')}: <strong className="advocate-code">{spokenSafetyCode(m.safety)}</strong>
          </p>
          <p>{t('advocate.safetyDiffers')}</p>
        </div>
      ))}
      {failed ? <p role="alert">{t('advocate.loadFailed')}</p> : null}
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void make()}>
        {t('advocate.pairMake')}
      </button>
    </section>
  );
}
