import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AUTH_STORAGE_KEY } from './auth-client';
import { handEndToWorker, keepEndForLater, PENDING_END_KEY, primeExitHash, sendPendingEnd } from './offline-exit';

const AUTH = { url: 'https://app.example/auth/v1', anonKey: '' };
async function sha256(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

function storeSession(refresh: string) {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ access_token: 'a.b.c', refresh_token: refresh }));
}

describe('ending a session after an exit made offline', () => {
  it('a kept end of the session still stored is forgotten, not sent: she did not leave', async () => {
    localStorage.clear();
    storeSession('refresh-three');
    await primeExitHash();
    keepEndForLater(localStorage, false);
    const up = vi.fn(async () => new Response(null, { status: 204 }));
    await sendPendingEnd(AUTH, localStorage, up as unknown as typeof fetch);
    expect(up).not.toHaveBeenCalled();
    expect(localStorage.getItem(PENDING_END_KEY)).toBeNull();
  });

  beforeEach(() => localStorage.clear());

  it('offline, keeps only the hash of the refresh token; online, keeps nothing', async () => {
    storeSession('refresh-one');
    await primeExitHash();
    keepEndForLater(localStorage, true);
    expect(localStorage.getItem(PENDING_END_KEY)).toBeNull();
    keepEndForLater(localStorage, false);
    expect(localStorage.getItem(PENDING_END_KEY)).toBe(await sha256('refresh-one'));
    expect(JSON.stringify({ ...localStorage }).split('refresh-one').length).toBe(2); // only in the session itself
  });

  it('a token whose hash is not worked out yet is not kept (an exit never waits)', async () => {
    storeSession('refresh-one');
    await primeExitHash();
    storeSession('refresh-two');
    keepEndForLater(localStorage, false);
    expect(localStorage.getItem(PENDING_END_KEY)).toBeNull();
  });

  it('sends the kept end and forgets it once answered; keeps it while the network is down', async () => {
    const hash = await sha256('x');
    localStorage.setItem(PENDING_END_KEY, hash);
    const down = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await sendPendingEnd(AUTH, localStorage, down as unknown as typeof fetch);
    expect(localStorage.getItem(PENDING_END_KEY)).toBe(hash);

    const up = vi.fn(async () => new Response(null, { status: 204 }));
    await sendPendingEnd(AUTH, localStorage, up as unknown as typeof fetch);
    expect(up).toHaveBeenCalledWith('https://app.example/auth/v1/logout/offline', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token_hash: hash }),
    });
    expect(localStorage.getItem(PENDING_END_KEY)).toBeNull();
  });

  it('at an exit made offline, hands the kept end to the offline worker, which sends it when the network is back', async () => {
    storeSession('refresh-four');
    await primeExitHash();
    keepEndForLater(localStorage, false);
    const worker = { postMessage: vi.fn() };
    handEndToWorker(AUTH, localStorage, true, worker);
    expect(worker.postMessage).not.toHaveBeenCalled();
    handEndToWorker(AUTH, localStorage, false, worker);
    expect(worker.postMessage).toHaveBeenCalledWith({
      kind: 'end-later',
      url: 'https://app.example/auth/v1/logout/offline',
      anonKey: '',
      hash: await sha256('refresh-four'),
    });
    // Without a worker (none yet, or a browser without one) the next opening sends it, as before.
    expect(() => handEndToWorker(AUTH, localStorage, false, null)).not.toThrow();
  });
});
