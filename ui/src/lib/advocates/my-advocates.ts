import { useEffect, useState } from 'react';
import { useAppConfig } from '../app-config';
import { advocateApi, keyChanged, type AdvocateSummary } from './api';

// One look-up of her advocates per session, however many items or screens ask.
const listed = new Map<string, Promise<AdvocateSummary[]>>();

/**
 * Her paired advocates who have made their key and whose key she confirmed (only they can be sealed to); none when
 * the look-up fails.
 */
export function myAdvocates(token: string): Promise<AdvocateSummary[]> {
  let found = listed.get(token);
  if (!found) {
    found = advocateApi<{ advocates: AdvocateSummary[] }>(token, 'GET', '/advocates').then(
      (r) => r.advocates.filter((a) => a.public_key && !keyChanged(a)),
      () => [],
    );
    listed.set(token, found);
  }
  return found;
}

/** Forgets the cached list (she paired or removed an advocate in Settings). */
export function forgetAdvocateList(): void {
  listed.clear();
}

/**
 * Her advocates for a screen: `null` while the look-up runs; empty offline, or when this server's accounts are
 * not its own (advocates need the embedded accounts).
 */
export function useMyAdvocates(token: string): AdvocateSummary[] | null {
  const [advocates, setAdvocates] = useState<AdvocateSummary[] | null>(null);
  const embedded = useAppConfig().auth.url === null;
  const none = !token || !embedded || !navigator.onLine;
  useEffect(() => {
    if (none) return;
    let live = true;
    void myAdvocates(token).then((list) => {
      if (live) setAdvocates(list);
    });
    return () => {
      live = false;
    };
  }, [token, none]);
  return none ? [] : advocates;
}
