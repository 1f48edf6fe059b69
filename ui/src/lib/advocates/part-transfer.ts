/**
 * Moving a share's parts (docs/advocates.md, "Parts"): she puts them one by one, and when the connection drops
 * the upload waits for it and goes on from the part that failed (the server keeps the ones before; a part sent
 * twice does no harm). The advocate's browser gets them one by one. Raw bytes, never cached, never with cookies.
 */
import { AdvocateApiError } from './api';

/** How far a transfer is, in parts, and whether it waits for the connection. */
export type PartProgress = { done: number; total: number; waiting: boolean };

async function refusal(res: Response): Promise<AdvocateApiError> {
  const problem = (await res.json().catch(() => ({}))) as { error?: string; message?: string };
  return new AdvocateApiError(res.status, problem.error ?? 'unknown', problem.message ?? `The server answered ${res.status}.`);
}

/** Until the browser says it is online again, or `ms` have passed (a server that answered 5xx, a timeout). */
export function waitForConnection(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('online', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('online', done);
  });
}

/** The longest a part is retried: past this the share stays incomplete and she is told (it can be sent again). */
const MAX_TRIES = 8;

/**
 * Puts every part of her share `shareId`, in order, reporting progress. A network failure or a server error waits
 * (for the browser to be online again, or a growing pause) and retries that part; a refusal (4xx) ends it.
 */
export async function putParts(
  token: string,
  shareId: string,
  parts: Uint8Array<ArrayBuffer>[],
  onProgress: (p: PartProgress) => void,
  wait: (ms: number) => Promise<void> = waitForConnection,
): Promise<void> {
  const total = parts.length;
  for (let n = 0; n < total; n++) {
    onProgress({ done: n, total, waiting: false });
    for (let tries = 1; ; tries++) {
      let failure: unknown;
      try {
        const res = await fetch(`/api/advocates/shares/${encodeURIComponent(shareId)}/parts/${n}`, {
          method: 'PUT',
          headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/octet-stream' },
          body: parts[n],
          cache: 'no-store',
          credentials: 'omit',
        });
        if (res.ok) break;
        failure = await refusal(res);
        if (res.status < 500) throw failure;
      } catch (err) {
        if (err instanceof AdvocateApiError && err.status < 500) throw err;
        failure = err;
      }
      if (tries >= MAX_TRIES) throw failure;
      onProgress({ done: n, total, waiting: true });
      await wait(Math.min(30_000, 1000 * 2 ** (tries - 1)));
    }
  }
  onProgress({ done: total, total, waiting: false });
}

/** Gets every part of a share to this advocate, in order, reporting progress; `survivorId` is whose share it is. */
export async function getParts(
  token: string,
  shareId: string,
  survivorId: string,
  count: number,
  onProgress: (p: PartProgress) => void,
): Promise<Uint8Array<ArrayBuffer>[]> {
  const out: Uint8Array<ArrayBuffer>[] = [];
  for (let n = 0; n < count; n++) {
    onProgress({ done: n, total: count, waiting: false });
    const res = await fetch(`/api/advocate/shares/${encodeURIComponent(shareId)}/parts/${n}?from=${encodeURIComponent(survivorId)}`, {
      headers: { Authorization: `Bearer ${token}` },
      cache: 'no-store',
      credentials: 'omit',
    });
    if (!res.ok) throw await refusal(res);
    out.push(new Uint8Array(await res.arrayBuffer()));
  }
  onProgress({ done: count, total: count, waiting: false });
  return out;
}
