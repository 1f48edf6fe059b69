import type { GoTrueClient, Session, User } from '@supabase/auth-js';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useAppConfig } from '../lib/app-config';
import { useLanguage, useT } from '../lib/i18n';
import { AUTH_STORAGE_KEY, authNeededAtStart, createAuthClient } from '../lib/auth-client';
import { hasStoredSession, landAfterIdle } from '../lib/idle-lock';
import { primeExitHash } from '../lib/offline-exit';
import { clearLandingFragment, readRecoveryLanding, type RecoveryLanding } from '../lib/recovery-landing';
import { problemText } from '../lib/server-problem';
import { forgetScreen } from '../lib/kept-screen';
import { removeStoredSession } from '../lib/session-end';
import { useInactivitySignOut } from '../hooks/use-inactivity-sign-out';

/** Outcome of an auth action: what went wrong, in words for the screen, or null on success. */
export type AuthResult = { error: string | null };
export type SignUpResult = AuthResult & { needsConfirmation: boolean };

export type AuthState = {
  session: Session | null;
  user: User | null;
  /** True until the stored session has been read. */
  loading: boolean;
  signIn(email: string, password: string): Promise<AuthResult>;
  signUp(email: string, password: string): Promise<SignUpResult>;
  /** Asks for a new link for a sign-up waiting for its confirmation e-mail (the answer is the same whatever there was). */
  resendSignUp(email: string): Promise<AuthResult>;
  signInWithGoogle(): Promise<AuthResult>;
  /** Signs out of this device; errors are only logged. */
  signOut(): Promise<void>;
  /** Starts fetching the auth client early (e.g. when the user focuses the sign-in form). */
  prepare(): void;
  /**
   * 'recovery': signed in through a recovery link, a new password is to be chosen; 'expired': the link
   * was used or too old (the sign-in page says so); 'none' otherwise.
   */
  recovery: RecoveryLanding;
  /** Sets a new password for the signed-in account (a recovery session needs no current one). */
  setNewPassword(password: string): Promise<AuthResult>;
  /** A password change from Settings: the current one is asked (the server checks it); `wrongCurrent` when refused. */
  changePassword(current: string, next: string): Promise<AuthResult & { wrongCurrent?: boolean }>;
  /** The auth-js client, for two-step sign-in (`mfa.*`); its events update the session here. */
  authClient(): Promise<GoTrueClient>;
};

const AuthContext = createContext<AuthState | null>(null);

type Props = {
  children: ReactNode;
  /** A ready client (unit tests); otherwise one is created from the app config. */
  client?: GoTrueClient;
};

export function AuthProvider({ children, client: given }: Props) {
  const config = useAppConfig();
  const pending = useRef<Promise<GoTrueClient> | null>(null);
  const [client, setClient] = useState<GoTrueClient | null>(null);
  const [session, setSession] = useState<Session | null>(null);
  const [loading, setLoading] = useState<boolean>(() => Boolean(given) || authNeededAtStart());
  const [recovery, setRecovery] = useState<RecoveryLanding>(readRecoveryLanding);
  const landedWithRecovery = useRef(recovery === 'recovery');
  const { lang } = useLanguage();
  const t = useT();
  const explain = useCallback(
    (err: unknown, fallbackKey: string) => problemText(err, lang, t, fallbackKey),
    [lang, t],
  );

  const getClient = useCallback((): Promise<GoTrueClient> => {
    if (!pending.current) {
      pending.current = given ? Promise.resolve(given) : createAuthClient(config);
      pending.current.then(setClient, (err: unknown) => {
        console.error('Could not load the auth client:', err);
        pending.current = null;
        setLoading(false);
      });
    }
    return pending.current;
  }, [given, config]);

  // Load the client now if a session may exist; otherwise when another tab signs in. (Another tab signing
  // out reloads this one: followSessionEndInOtherTabs in lib/quick-exit.ts.)
  useEffect(() => {
    if (given || authNeededAtStart()) void getClient().catch(() => undefined);
    const onStorage = (e: StorageEvent) => {
      if (e.key === AUTH_STORAGE_KEY && e.newValue) void getClient().catch(() => undefined);
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [given, getClient]);

  const signOut = useCallback(async () => {
    const c = pending.current ? await pending.current.catch(() => null) : null;
    if (c) {
      try {
        // 'local' removes the session on this device first, so signing out never depends on the network.
        // A token refresh running at that moment (after a long idle) makes the client refuse once; the second
        // try finds it settled. Whatever happens, the stored session leaves this device.
        let { error } = await c.signOut({ scope: 'local' });
        if (error) ({ error } = await c.signOut({ scope: 'local' }));
        if (error) {
          removeStoredSession();
          console.error('Sign-out error:', error);
        }
      } catch (err) {
        removeStoredSession();
        console.error('Sign-out error:', err);
      }
    }
    forgetScreen();
    setSession(null);
  }, []);

  // Whether this page load began with a stored session (a stale one is already gone, see idle-lock.ts).
  const startedSignedIn = useRef(hasStoredSession());
  const sessionRef = useRef<Session | null>(null);
  useEffect(() => {
    sessionRef.current = session;
  }, [session]);

  const resetInactivity = useInactivitySignOut(session !== null, () => {
    // The landing screen first, so the next frame already shows it rather than the sign-in page.
    landAfterIdle();
    void signOut();
  });

  // Follow the client's auth events once it exists.
  useEffect(() => {
    if (!client) return;
    let live = true;
    const { data } = client.onAuthStateChange((event, next) => {
      if (!live) return;
      // Only a real sign-in counts as activity (e.g. the return from Google). The session read back at a page
      // load and a background token refresh are not her doing: counting them would restart the idle time at
      // every reload and keep an unattended session alive.
      if (event === 'SIGNED_IN' && !startedSignedIn.current && !sessionRef.current) resetInactivity();
      if (event === 'PASSWORD_RECOVERY') setRecovery('recovery');
      // Ready before any exit, which cannot wait (lib/offline-exit.ts).
      if (next) void primeExitHash();
      setSession(next);
      setLoading(false);
    });
    client
      .getSession()
      .then(({ data: d }) => {
        if (!live) return;
        // Opening a recovery link is her doing, like a sign-in: the idle time starts again.
        if (d.session && landedWithRecovery.current && !startedSignedIn.current) resetInactivity();
        setSession(d.session);
      })
      .catch((err: unknown) => console.error('Could not read the session:', err))
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
      data.subscription.unsubscribe();
    };
  }, [client, resetInactivity]);

  // A refused link's error leaves the address at once; the sign-in page still shows the message.
  useEffect(() => {
    if (recovery === 'expired') clearLandingFragment();
  }, [recovery]);

  const signIn = useCallback(
    async (email: string, password: string): Promise<AuthResult> => {
      try {
        const c = await getClient();
        const { data, error } = await c.signInWithPassword({ email, password });
        if (error) return { error: explain(error, 'common.errorGeneric') };
        if (data.session) {
          resetInactivity();
          setSession(data.session);
        }
        return { error: null };
      } catch (err) {
        return { error: explain(err, 'common.errorGeneric') };
      }
    },
    [getClient, resetInactivity, explain],
  );

  const signUp = useCallback(
    async (email: string, password: string): Promise<SignUpResult> => {
      try {
        const c = await getClient();
        const up = await c.signUp({ email, password, options: { data: {} } });
        if (up.error) return { error: explain(up.error, 'common.errorGeneric'), needsConfirmation: false };
        // A server that returns a session from sign-up (GoTrue's autoconfirm: `auth.sign_up_returns_session`).
        if (up.data.session) {
          resetInactivity();
          setSession(up.data.session);
          return { error: null, needsConfirmation: false };
        }
        // A confirmation e-mail went out (docs/auth-contract.md, "Confirming sign-ups by e-mail"): its link signs
        // her in, and a sign-in now could only say that the address is not confirmed yet.
        if (up.data.user?.confirmation_sent_at) return { error: null, needsConfirmation: true };
        // The answer is the same whether or not the address had an account, and holds no session
        // (docs/auth-contract.md, "Sign-up"): signing in with what she typed is what lets her in.
        const { data, error } = await c.signInWithPassword({ email, password });
        if (error?.code === 'email_not_confirmed') return { error: null, needsConfirmation: true };
        if (error?.code === 'invalid_credentials') return { error: t('common.signUpNotSignedIn'), needsConfirmation: false };
        if (error) return { error: explain(error, 'common.errorGeneric'), needsConfirmation: false };
        if (data.session) {
          resetInactivity();
          setSession(data.session);
        }
        return { error: null, needsConfirmation: !data.session };
      } catch (err) {
        return { error: explain(err, 'common.errorGeneric'), needsConfirmation: false };
      }
    },
    [getClient, resetInactivity, explain, t],
  );

  const resendSignUp = useCallback(
    async (email: string): Promise<AuthResult> => {
      try {
        const c = await getClient();
        const { error } = await c.resend({ type: 'signup', email });
        return { error: error ? explain(error, 'common.errorGeneric') : null };
      } catch (err) {
        return { error: explain(err, 'common.errorGeneric') };
      }
    },
    [getClient, explain],
  );

  const signInWithGoogle = useCallback(async (): Promise<AuthResult> => {
    try {
      const c = await getClient();
      const { error } = await c.signInWithOAuth({
        provider: 'google',
        options: { redirectTo: window.location.origin },
      });
      return { error: error ? explain(error, 'common.googleError') : null };
    } catch (err) {
      return { error: explain(err, 'common.googleError') };
    }
  }, [getClient, explain]);

  const setNewPassword = useCallback(
    async (password: string): Promise<AuthResult> => {
      try {
        const c = await getClient();
        const { error } = await c.updateUser({ password });
        if (error) return { error: explain(error, 'common.errorGeneric') };
        setRecovery('none');
        return { error: null };
      } catch (err) {
        return { error: explain(err, 'common.errorGeneric') };
      }
    },
    [getClient, explain],
  );

  const changePassword = useCallback(
    async (current: string, next: string): Promise<AuthResult & { wrongCurrent?: boolean }> => {
      try {
        const c = await getClient();
        const { error } = await c.updateUser({ password: next, current_password: current });
        if (!error) return { error: null };
        const wrongCurrent = error.code === 'current_password_invalid' || error.code === 'current_password_required';
        return { error: explain(error, 'common.errorGeneric'), wrongCurrent };
      } catch (err) {
        return { error: explain(err, 'common.errorGeneric') };
      }
    },
    [getClient, explain],
  );

  const prepare = useCallback(() => {
    void getClient().catch(() => undefined);
  }, [getClient]);

  const value = useMemo<AuthState>(
    () => ({
      session,
      user: session?.user ?? null,
      loading,
      signIn,
      signUp,
      resendSignUp,
      signInWithGoogle,
      signOut,
      prepare,
      recovery,
      setNewPassword,
      changePassword,
      authClient: getClient,
    }),
    [session, loading, signIn, signUp, resendSignUp, signInWithGoogle, signOut, prepare, recovery, setNewPassword, changePassword, getClient],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthState {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}

/** The auth state where one may be absent (a screen rendered alone in a unit test): null there. */
export function useOptionalAuth(): AuthState | null {
  return useContext(AuthContext);
}
