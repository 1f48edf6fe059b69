import { useEffect, useRef, useState } from 'react';
import { sendUnderStanding, useStandingShares } from '../../lib/advocates';
import { useOptionalAuth } from '../../providers/auth';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useVault, useVaultState } from '../../lib/vault';
import type { EvidenceEntry } from './incident-model';
import { sharedIncident } from './share-incident';

/**
 * Sends each new incident under her standing shares ('every incident from now on', docs/advocates.md) once it is
 * time-stamped, as the evidence it travels with needs the stamp. While she is offline or a send fails, the
 * incident waits for the next change or the next opening of the Incident Log. Gives the names of the advocates
 * a send failed for, to tell her.
 */
export function useStandingShareSender(entries: EvidenceEntry[], titleOf: (e: EvidenceEntry) => string): string[] {
  const { vault } = useVault();
  const token = useOptionalAuth()?.session?.access_token ?? '';
  const [standing, setStanding] = useStandingShares();
  const [, setLabels] = useVaultState<Record<string, string>>(STORAGE_KEYS.advocateShares, {});
  const [failed, setFailed] = useState<string[]>([]);
  // Sends under way, so a render during one does not start it again.
  const sending = useRef(new Set<string>());
  const latest = useRef({ entries, titleOf });
  latest.current = { entries, titleOf };

  useEffect(() => {
    if (!token || !navigator.onLine) return;
    for (const s of standing) {
      for (const e of entries) {
        if (e.kind !== 'incident' || !e.token || e.seq < s.from_seq || s.sent[e.id]) continue;
        const key = `${s.id}:${e.id}`;
        if (sending.current.has(key)) continue;
        sending.current.add(key);
        void (async () => {
          try {
            const { entries: all, titleOf: title } = latest.current;
            const item = await sharedIncident(vault, all, e, title(e));
            const shareId = await sendUnderStanding(token, vault, s, e.seq, item, title(e));
            setLabels((old) => ({ ...old, [shareId]: title(e) }));
            // Kept only if she has not stopped it meanwhile.
            setStanding((prev) => prev.map((x) => (x.id === s.id ? { ...x, sent: { ...x.sent, [e.id]: shareId } } : x)));
            setFailed((f) => f.filter((name) => name !== s.advocate));
          } catch {
            setFailed((f) => (f.includes(s.advocate) ? f : [...f, s.advocate]));
          } finally {
            sending.current.delete(key);
          }
        })();
      }
    }
  }, [entries, standing, token, vault, setStanding, setLabels]);

  return failed;
}
