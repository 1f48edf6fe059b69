import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../providers/auth';
import { LoadingScreen } from '../../components/loading-screen';
import { useDisguiseMode } from '../../providers/panic';
import { PATHS } from '../../lib/route-paths';
import { needsSecondStep } from '../../lib/two-step';
import { NewPasswordPage, TwoStepCodePage } from './lazy-pages';

/**
 * Signed-in only; others go to /auth. With an authenticator set up, its code before anything else (a
 * recovery link too: the new password needs the second step, as in GoTrue). Signed in through a recovery
 * link: a new password first.
 */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session, loading, recovery } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!session) return <Navigate to={PATHS.auth} replace />;
  if (needsSecondStep(session)) return <TwoStepCodePage />;
  if (recovery === 'recovery') return <NewPasswordPage />;
  return children;
}

/** Signed-out only (the auth screen); signed-in visitors go to /. */
export function RequireSignedOut({ children }: { children: ReactNode }) {
  const { session, loading } = useAuth();
  if (loading) return <LoadingScreen />;
  if (session) return <Navigate to={PATHS.home} replace />;
  return children;
}

/** A safety net: opening a disguise path turns its mode on (providers/panic.tsx), so this lets it through. */
export function RequireDisguise({ children }: { children: ReactNode }) {
  if (!useDisguiseMode()) return <Navigate to={PATHS.home} replace />;
  return children;
}
