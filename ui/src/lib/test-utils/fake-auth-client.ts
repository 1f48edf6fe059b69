import type { GoTrueClient, Session } from '@supabase/auth-js';
import { vi } from 'vitest';

type Listener = (event: string, session: Session | null) => void;

/** A session object good enough for the UI (only user.email and tokens are read). */
export function fakeSession(email = 'sam@example.com'): Session {
  return {
    access_token: 'access',
    refresh_token: 'refresh',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: { id: 'user-1', email, aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '' },
  } as Session;
}

/**
 * An in-memory stand-in for the auth-js client: emits INITIAL_SESSION on subscribe, SIGNED_IN / SIGNED_OUT
 * on sign-in / sign-out. Pass `signInError` to make password sign-in fail with that message.
 */
export function createFakeAuthClient(
  opts: { session?: Session | null; signInError?: string; signInErrorCode?: string; confirmEmail?: boolean } = {},
) {
  let session: Session | null = opts.session ?? null;
  const listeners = new Set<Listener>();
  const emit = (event: string) => listeners.forEach((l) => l(event, session));

  const client = {
    onAuthStateChange: vi.fn((cb: Listener) => {
      listeners.add(cb);
      queueMicrotask(() => cb('INITIAL_SESSION', session));
      return { data: { subscription: { id: 'sub', callback: cb, unsubscribe: () => listeners.delete(cb) } } };
    }),
    getSession: vi.fn(async () => ({ data: { session }, error: null })),
    signInWithPassword: vi.fn(async ({ email }: { email: string; password: string }) => {
      if (opts.signInError) {
        const error = { message: opts.signInError, status: 400, code: opts.signInErrorCode };
        return { data: { user: null, session: null }, error };
      }
      session = fakeSession(email);
      emit('SIGNED_IN');
      return { data: { user: session.user, session }, error: null };
    }),
    // As the server answers (docs/auth-contract.md, "Sign-up"): a user, never a session; with `confirmEmail`, one
    // whose confirmation e-mail went out.
    signUp: vi.fn(async ({ email }: { email: string; password: string }) => ({
      data: {
        user: { ...fakeSession(email).user, ...(opts.confirmEmail ? { confirmation_sent_at: new Date().toISOString() } : {}) },
        session: null,
      },
      error: null,
    })),
    resend: vi.fn(async () => ({ data: { user: null, session: null }, error: null })),
    // Tests read the attributes from the mock's calls.
    updateUser: vi.fn(async () => {
      emit('USER_UPDATED');
      return { data: { user: session?.user ?? null }, error: null };
    }),
    signInWithOAuth: vi.fn(async () => ({ data: { provider: 'google', url: '' }, error: null })),
    signOut: vi.fn(async () => {
      session = null;
      emit('SIGNED_OUT');
      return { error: null };
    }),
  };
  return { client, asClient: client as unknown as GoTrueClient, emit };
}
