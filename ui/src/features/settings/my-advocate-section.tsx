import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { AdvocateApiError, advocateApi, isPairingCode, keyChanged, type AdvocateSummary } from '../../lib/advocates/api';
import { forgetAdvocateList, useStandingShares, withdrawStanding, type StandingShare } from '../../lib/advocates';
import { keySafetyCode, safetyCode, spokenSafetyCode } from '../../lib/advocates/safety-code';
import { useAuth } from '../../providers/auth';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { openLabel } from '../../lib/advocates/share-label';
import { PinOffer } from '../../components/vault';
import { useVault, useVaultState } from '../../lib/vault';
import { useLanguage, useT } from '../../lib/i18n';
import { AdvocateShares, type ShareInfo } from './advocate-shares';
import { formatDate } from '../../lib/dates';

type Found = { code: string; advocate: AdvocateSummary; safety: string };
/**
 * 'My advocate' in Settings (docs/advocates.md): she types the code her advocate told her, sees their name and
 * the safety code both screens show, and confirms with the name she wants to be known by. She can remove an
 * advocate at any time.
 */
export function MyAdvocateSection() {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const config = useAppConfig();
  const { session } = useAuth();
  const token = session?.access_token ?? '';
  const [advocates, setAdvocates] = useState<AdvocateSummary[]>([]);
  const [shares, setShares] = useState<ShareInfo[]>([]);
  const { vault } = useVault();
  // Labels kept on this device (shares made before labels travelled with them), then those opened from the server.
  const [localLabels] = useVaultState<Record<string, string>>(STORAGE_KEYS.advocateShares, {});
  const [sealedLabels, setSealedLabels] = useState<Record<string, string>>({});
  // The safety code of each new advocate key she has not compared yet.
  const [newKeyCodes, setNewKeyCodes] = useState<Record<string, string>>({});
  const labels = { ...sealedLabels, ...localLabels };
  const [standing, setStanding] = useStandingShares();
  const [code, setCode] = useState('');
  const [found, setFound] = useState<Found | null>(null);
  const [knownAs, setKnownAs] = useState('');
  const [paired, setPaired] = useState<{ name: string; safety: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const embedded = config.auth.url === null;
  const reload = useCallback(async () => {
    if (!token || !embedded || !navigator.onLine) return;
    const [{ advocates: list }, { shares: shared }] = await Promise.all([
      advocateApi<{ advocates: AdvocateSummary[] }>(token, 'GET', '/advocates'),
      advocateApi<{ shares: ShareInfo[] }>(token, 'GET', '/advocates/shares'),
    ]);
    setAdvocates(list);
    setShares(shared);
    const codes: Record<string, string> = {};
    for (const a of list) if (keyChanged(a) && a.public_key) codes[a.id] = await keySafetyCode(a.public_key, session!.user.id);
    setNewKeyCodes(codes);
    const opened: Record<string, string> = {};
    for (const s of shared) {
      const label = s.label ? await openLabel(vault, s.id, s.label) : null;
      if (label) opened[s.id] = label;
    }
    setSealedLabels(opened);
  }, [token, embedded, vault, session]);

  useEffect(() => {
    void reload().catch(() => undefined);
  }, [reload]);

  // Advocates need the embedded accounts: the operator makes them (docs/advocates.md).
  if (!session || config.auth.url !== null) return null;

  const lookUp = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setPaired(null);
    if (!isPairingCode(code)) return setError(t('settings.advocateCodeShape'));
    setBusy(true);
    try {
      const advocate = await advocateApi<AdvocateSummary>(token, 'POST', '/advocates/pairing', { code });
      if (!advocate.public_key) return setError(t('settings.advocateCodeUnknown'));
      setFound({ code, advocate, safety: await safetyCode(advocate.public_key, session.user.id, code) });
    } catch {
      setError(t('settings.advocateCodeUnknown'));
    } finally {
      setBusy(false);
    }
  };

  // A change on the server, then its lists read again; a failure shows `failKey` (or the words it picks for the
  // server's refusal). A change to her advocates themselves also drops the list the sharing screens keep.
  const act = async (failKey: string | ((e: unknown) => string), change: () => Promise<void>, advocatesChanged = true) => {
    setError(null);
    setBusy(true);
    try {
      await change();
      if (advocatesChanged) forgetAdvocateList();
      await reload();
    } catch (e) {
      setError(t(typeof failKey === 'string' ? failKey : failKey(e)));
    } finally {
      setBusy(false);
    }
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!found) return;
    await act('settings.advocatePairFailed', async () => {
      await advocateApi(token, 'POST', '/advocates', { code: found.code, known_as: knownAs.trim() });
      setPaired({ name: found.advocate.name, safety: found.safety });
      setFound(null);
      setCode('');
      setKnownAs('');
    });
  };

  // While her check-in would alert them, the server keeps the pairing: only her PIN ends a check-in (docs/checkin.md).
  const removeFailed = (e: unknown) =>
    e instanceof AdvocateApiError && e.code === 'advocate_in_checkin'
      ? 'settings.advocateRemoveInCheckin'
      : 'settings.advocateRemoveFailed';

  const remove = (advocateId: string) =>
    act(removeFailed, async () => {
      setPaired(null);
      await advocateApi(token, 'DELETE', `/advocates/${encodeURIComponent(advocateId)}`);
      // Ending the pairing deleted every share to them; a standing share to them ends with it.
      setStanding((prev) => prev.filter((x) => x.advocate_id !== advocateId));
    });

  // She compared the new safety code with them: sharing with them opens again, standing shares go on to the new key.
  const confirmKey = (a: AdvocateSummary) =>
    act('settings.advocatePairFailed', async () => {
      await advocateApi(token, 'POST', `/advocates/${encodeURIComponent(a.id)}/key-confirmed`, { public_key: a.public_key });
      setStanding((prev) => prev.map((x) => (x.advocate_id === a.id && a.public_key ? { ...x, public_key: a.public_key } : x)));
    });

  const withdraw = (shareId: string) =>
    act(
      'settings.advocateWithdrawFailed',
      () => advocateApi<void>(token, 'DELETE', `/advocates/shares/${encodeURIComponent(shareId)}`),
      false,
    );

  // Ends the standing share and deletes every incident it sent, as withdrawing each would.
  const stopStanding = (st: StandingShare) =>
    act(
      'settings.advocateWithdrawFailed',
      async () => {
        await withdrawStanding(token, st);
        setStanding((prev) => prev.filter((x) => x.id !== st.id));
      },
      false,
    );

  const dateOf = (iso?: string | number) => (iso ? formatDate(iso, lang) : '');

  return (
    <section className="card" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`} className="settings-heading">
        {t('settings.advocateHeading')}
      </h2>
      <p>{t('settings.advocateIntro')}</p>
      {advocates.length > 0 ? (
        <ul className="two-step-list" aria-label={t('settings.advocateList')}>
          {advocates.map((a) => (
            <li key={a.id}>
              <span>
                {a.name} · {t('settings.advocateSince', { date: dateOf(a.since) })}
              </span>
              <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => void remove(a.id)}>
                {t('settings.advocateRemove')}
              </button>
              {newKeyCodes[a.id] ? (
                <div className="stack" role="group" aria-label={t('settings.advocateNewKeyLabel', { name: a.name })}>
                  <p>
                    {t('settings.advocateNewKey', { name: a.name })}{' '}
                    <strong className="my-advocate-code">{spokenSafetyCode(newKeyCodes[a.id])}</strong>
                  </p>
                  <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void confirmKey(a)}>
                    {t('settings.advocateNewKeyMatches')}
                  </button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <AdvocateShares
        shares={shares}
        standing={standing}
        advocates={advocates}
        labels={labels}
        busy={busy}
        dateOf={dateOf}
        onWithdraw={(shareId) => void withdraw(shareId)}
        onStop={(st) => void stopStanding(st)}
      />
      {paired ? (
        <p role="status">
          {t('settings.advocatePaired', { name: paired.name })}{' '}
          <strong>{spokenSafetyCode(paired.safety)}</strong>
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="settings-warning">
          {error}
        </p>
      ) : null}
      <PinOffer level={3} />
      {found ? (
        <form className="stack" onSubmit={(e) => void confirm(e)}>
          <p>{t('settings.advocateFound', { name: found.advocate.name })}</p>
          <p>
            {t('settings.advocateSafety')}{' '}
            <strong className="my-advocate-code" aria-label={t('settings.advocateSafetyLabel')}>
              {spokenSafetyCode(found.safety)}
            </strong>
          </p>
          <p>{t('settings.advocateSafetyDiffers')}</p>
          <div>
            <label className="label" htmlFor={`${id}-name`}>
              {t('settings.advocateKnownAs')}
            </label>
            <input
              id={`${id}-name`}
              className="input"
              required
              maxLength={60}
              autoComplete="off"
              value={knownAs}
              onChange={(e) => setKnownAs(e.target.value)}
            />
          </div>
          <div className="settings-actions">
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('settings.advocateConfirm')}
            </button>
            <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => setFound(null)}>
              {t('settings.cancel')}
            </button>
          </div>
        </form>
      ) : (
        <form className="stack" onSubmit={(e) => void lookUp(e)}>
          <div>
            <label className="label" htmlFor={`${id}-code`}>
              {t('settings.advocateCode')}
            </label>
            <input
              id={`${id}-code`}
              className="input"
              inputMode="numeric"
              autoComplete="off"
              maxLength={11}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/[^0-9 -]/g, ''))}
            />
          </div>
          <div className="settings-actions">
            <button type="submit" className="btn btn-secondary" disabled={busy}>
              {t('settings.advocateLookUp')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
