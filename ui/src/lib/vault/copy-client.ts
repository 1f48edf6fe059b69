import { fromBase64, toBase64 } from './crypto';

/**
 * The copy's routes on the server (docs/vault.md, "The copy's routes"). Everything sent is ciphertext made in
 * this browser; the server holds it for this account and knows only sizes and times.
 */

export type CopyRecordInfo = { id: string; kind: string; version: number; size: number; updated_at: string };
export type CopyIndex = {
  keys: { recovery_wrap: string | null; outbox_public_key: string | null } | null;
  records: CopyRecordInfo[];
  bytes: number;
  limit_bytes: number;
  updated_at: string | null;
};

/** The copy is full (the operator's limit per account): nothing of this write was kept there. */
export class CopyFullError extends Error {
  constructor() {
    super('The copy on the server is full.');
    this.name = 'CopyFullError';
  }
}

/** The server has no room for uploads now (507 `server_full`, docs/vault.md "Room on the server"); it passes. */
export class ServerFullError extends Error {
  constructor() {
    super('The server has no room for uploads now.');
    this.name = 'ServerFullError';
  }
}

export type CopyApi = ReturnType<typeof copyApi>;

export function copyApi(token: () => string | null, fetchImpl: typeof fetch = (...a) => fetch(...a)) {
  const call = async (path: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    const t = token();
    if (t) headers.set('Authorization', `Bearer ${t}`);
    const res = await fetchImpl(`/api/copy${path}`, { ...init, headers, cache: 'no-store', credentials: 'omit' });
    if (res.status === 413) throw new CopyFullError();
    if (res.status === 507) throw new ServerFullError();
    return res;
  };
  const ok = (res: Response) => {
    if (!res.ok) throw new Error(`The copy answered ${res.status}.`);
    return res;
  };
  return {
    /** The copy's index; null when the operator turned the copy off (404). */
    async index(): Promise<CopyIndex | null> {
      const res = await call('');
      if (res.status === 404) return null;
      return (await ok(res).json()) as CopyIndex;
    },
    async putKeys(recoveryWrap: string): Promise<void> {
      ok(
        await call('/keys', {
          method: 'PUT',
          headers: { 'Content-Type': 'application/json' },
          body: JSON.stringify({ recovery_wrap: recoveryWrap }),
        }),
      );
    },
    /** False when the server holds this version or a later one (409). */
    async putRecord(id: string, kind: string, version: number, data: Uint8Array): Promise<boolean> {
      const res = await call(`/records/${id}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ kind, version, data: toBase64(data) }),
      });
      if (res.status === 409) return false;
      ok(res);
      return true;
    },
    async getRecord(id: string): Promise<{ kind: string; version: number; data: Uint8Array<ArrayBuffer> } | null> {
      const res = await call(`/records/${id}`);
      if (res.status === 404) return null;
      const body = (await ok(res).json()) as { kind: string; version: number; data: string };
      return { kind: body.kind, version: body.version, data: fromBase64(body.data) };
    },
    async deleteRecord(id: string): Promise<void> {
      const res = await call(`/records/${id}`, { method: 'DELETE' });
      if (res.status !== 404) ok(res);
    },
    /** The chunks of an attachment the server already holds (what an upload resumes after). */
    async chunkList(id: string): Promise<number[]> {
      const body = (await ok(await call(`/attachments/${id}`)).json()) as { chunks: number[] };
      return body.chunks;
    },
    async putChunk(id: string, index: number, data: Uint8Array<ArrayBuffer>): Promise<void> {
      ok(
        await call(`/attachments/${id}/${index}`, {
          method: 'PUT',
          headers: { 'Content-Type': 'application/octet-stream' },
          body: data,
        }),
      );
    },
    async getChunk(id: string, index: number): Promise<Uint8Array<ArrayBuffer>> {
      return new Uint8Array(await ok(await call(`/attachments/${id}/${index}`)).arrayBuffer());
    },
    async deleteAttachment(id: string): Promise<void> {
      const res = await call(`/attachments/${id}`, { method: 'DELETE' });
      if (res.status !== 404) ok(res);
    },
    /** 'Keep my records only on this device': the whole copy, gone from the server. */
    async deleteAll(): Promise<void> {
      const res = await call('', { method: 'DELETE' });
      if (res.status !== 404) ok(res);
    },
  };
}
