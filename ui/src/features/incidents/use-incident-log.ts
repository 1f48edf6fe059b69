import { useCallback, useEffect, useRef, useState } from 'react';
import { useVault } from '../../lib/vault';
import type { EntryKind, EvidenceEntry } from './incident-model';
import { loadEntries, removeEntries, sealEntry, stamp, stampSecond, type NewAttachment } from './incident-store';
import { incidentsServerConfig } from './server-config';

export type LogState = { entries: EvidenceEntry[]; loading: boolean; unreadable: number };

/**
 * Her chain of entries, decrypted in memory only while the vault is open (dropped with it at sign-out,
 * quick exit and the idle lock). Changes run one at a time, since each new entry links to the last.
 * Entries without a token are stamped on opening and whenever the browser comes back online; so are those
 * still without the second authority's token, when the operator configured one.
 */
export function useIncidentLog() {
  const { vault } = useVault();
  const [state, setState] = useState<LogState>({ entries: [], loading: true, unreadable: 0 });
  const chain = useRef<EvidenceEntry[]>([]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const alive = useRef(true);

  const publish = useCallback((entries: EvidenceEntry[]) => {
    chain.current = entries;
    if (alive.current) setState((s) => ({ ...s, entries }));
  }, []);

  /** Runs `work` after every earlier change; its failure reaches the caller, not the next change. */
  const serial = useCallback(<T,>(work: () => Promise<T>): Promise<T> => {
    const run = queue.current.then(work);
    queue.current = run.catch(() => undefined);
    return run;
  }, []);

  const stampPending = useCallback(
    () =>
      serial(async () => {
        for (const entry of chain.current.filter((e) => !e.token)) {
          if (!navigator.onLine && entry.stampedLater) continue;
          const next = await stamp(vault, entry);
          publish(chain.current.map((e) => (e.id === next.id ? next : e)));
        }
        if (!(await incidentsServerConfig()).secondAuthority) return;
        for (const entry of chain.current.filter((e) => e.token && !e.secondToken)) {
          try {
            const next = await stampSecond(vault, entry);
            publish(chain.current.map((e) => (e.id === next.id ? next : e)));
          } catch {
            // Out of reach now: the rest wait for the next opening or the network's return, not for a
            // time-out each.
            return;
          }
        }
      }),
    [serial, vault, publish],
  );

  useEffect(() => {
    alive.current = true;
    // Fetched while she is here (and likely online), so an entry sealed after the network drops can be
    // stamped later without another download.
    void import('./rfc3161').catch(() => undefined);
    void serial(async () => {
      const { entries, unreadable } = await loadEntries(vault);
      chain.current = entries;
      if (alive.current) setState({ entries, loading: false, unreadable });
    }).then(stampPending);
    const online = () => void stampPending();
    window.addEventListener('online', online);
    // Entries that arrive from the encrypted copy (written on her other device) show without a reload.
    const stopListening = vault.onChange((fromCopy) => {
      if (!fromCopy) return;
      void serial(async () => {
        const { entries, unreadable } = await loadEntries(vault);
        chain.current = entries;
        if (alive.current) setState({ entries, loading: false, unreadable });
      });
    });
    return () => {
      alive.current = false;
      window.removeEventListener('online', online);
      stopListening();
    };
  }, [vault, serial, stampPending]);

  const add = useCallback(
    async (kind: EntryKind, fields: Record<string, unknown>, files: NewAttachment[] = []) => {
      const entry = await serial(async () => {
        const sealed = await sealEntry(vault, chain.current, kind, fields, files);
        publish([...chain.current, sealed]);
        return sealed;
      });
      // The encrypted copy sends it soon (a change in IndexedDB is not seen by the vault by itself).
      vault.changed();
      void stampPending();
      return entry;
    },
    [serial, vault, publish, stampPending],
  );

  const remove = useCallback(
    async (entries: EvidenceEntry[]) => {
      await serial(async () => {
        const ids = new Set(entries.map((e) => e.id));
        const records = await removeEntries(vault, chain.current, entries);
        publish([...chain.current.filter((e) => !ids.has(e.id)), ...records]);
      });
      vault.changed();
      void stampPending();
    },
    [serial, vault, publish, stampPending],
  );

  return { ...state, add, remove, stampPending };
}
