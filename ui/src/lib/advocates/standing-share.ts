/**
 * 'Every incident from now on' (docs/advocates.md, "A standing share"): her choice to share each new incident
 * with one advocate until a day she picks. The choice and its consent record are kept in her vault (the server
 * never learns that a standing share exists, only that shares arrive); each incident she saves after it is
 * sealed to the advocate and sent as an ordinary share whose id starts with the standing share's id, so that
 * withdrawing it finds and deletes everything it sent, from any of her devices.
 */
import { STORAGE_KEYS } from '../storage-keys';
import { useVaultState } from '../vault';
import type { OpenVault } from '../vault/vault-store';
import { AdvocateApiError, advocateApi } from './api';
import { sendShare } from './send-share';
import type { Consent, SharedItem } from './share-payload';

export type StandingShare = {
  /** 32 hex digits; each share it sends has the id `<id>-<the incident's place in her chain>`. */
  id: string;
  advocate_id: string;
  advocate: string;
  public_key: string;
  /** Incidents at this place in her chain or later are shared (those before it were there already). */
  from_seq: number;
  /** Unix milliseconds: it ends then, and so does every share it sent. */
  until: number;
  /** What she agreed to, in the words she read; it travels sealed with each incident. */
  consent: Consent;
  /** The incident entries sent so far (entry id -> share id). */
  sent: Record<string, string>;
};

export function newStandingId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Her standing shares that have not ended, and a setter for the vault record. */
export function useStandingShares(): [StandingShare[], (next: (prev: StandingShare[]) => StandingShare[]) => void] {
  const [all, setAll] = useVaultState<StandingShare[]>(STORAGE_KEYS.advocateStanding, []);
  const now = Date.now();
  return [all.filter((s) => s.until > now), (next) => setAll((prev) => next(prev.filter((s) => s.until > Date.now())))];
}

/** The share id an incident gets under a standing share: the same on each of her devices, so sent once. */
export function standingShareId(s: StandingShare, seq: number): string {
  return `${s.id}-${seq}`;
}

/**
 * Seals one incident with the standing share's consent record to its advocate and sends it, with her label of it
 * sealed for her own devices.
 */
export async function sendUnderStanding(
  token: string,
  vault: OpenVault,
  s: StandingShare,
  seq: number,
  item: SharedItem,
  label: string,
): Promise<string> {
  const shareId = standingShareId(s, seq);
  const outgoing = { advocateId: s.advocate_id, publicKey: s.public_key, shareId, expiresAt: s.until, consent: s.consent, item, label };
  try {
    await sendShare(token, vault, outgoing);
  } catch (err) {
    // Her other device may have sent it already: the server keeps one share per id.
    if (!(err instanceof AdvocateApiError && err.status === 400)) throw err;
    const { shares } = await advocateApi<{ shares: { id: string; complete?: boolean }[] }>(token, 'GET', '/advocates/shares');
    const there = shares.find((x) => x.id === shareId);
    if (!there) throw err;
    // Half sent (a page closed before its last part, whose key went with it): it goes, and is sent whole.
    if (there.complete === false) {
      await advocateApi(token, 'DELETE', `/advocates/shares/${encodeURIComponent(shareId)}`);
      await sendShare(token, vault, outgoing);
    }
  }
  return shareId;
}

/** Deletes on the server every share the standing share sent (whichever device sent it). */
export async function withdrawStanding(token: string, s: StandingShare): Promise<void> {
  const { shares } = await advocateApi<{ shares: { id: string }[] }>(token, 'GET', '/advocates/shares');
  const ids = new Set([...Object.values(s.sent), ...shares.map((x) => x.id).filter((id) => id.startsWith(`${s.id}-`))]);
  for (const id of ids) {
    try {
      await advocateApi(token, 'DELETE', `/advocates/shares/${encodeURIComponent(id)}`);
    } catch (err) {
      // Gone already (withdrawn elsewhere, or ended).
      if (!(err instanceof AdvocateApiError && err.status === 404)) throw err;
    }
  }
}
