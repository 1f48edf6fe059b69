/**
 * Calls to the advocates' routes (docs/advocates.md): `/api/advocate/...` for an advocate, `/api/advocates/...`
 * for her, through `lib/api-request.ts`.
 */

// The advocates' calls are the shared `/api` request under the names their callers know.
export { ApiError as AdvocateApiError, apiRequest as advocateApi } from '../api-request';

/** An advocate as she sees them: `GET /api/advocates`, and the answer to a code look-up or a pairing. */
export type AdvocateSummary = {
  id: string;
  name: string;
  public_key: string | null;
  since?: string;
  /** In her list: the key she compared the safety code for; differs from `public_key` after the advocate's new key. */
  confirmed_key?: string | null;
};

/** The advocate made a new key she has not yet compared the safety code for: nothing is sealed to it until then. */
export function keyChanged(a: AdvocateSummary): boolean {
  return a.confirmed_key !== undefined && a.public_key !== a.confirmed_key;
}

/** A pairing code as typed: digits only; 8 of them make a code. */
export function isPairingCode(typed: string): boolean {
  return typed.replace(/[\s-]/g, '').length === 8 && /^[\d\s-]+$/.test(typed);
}
