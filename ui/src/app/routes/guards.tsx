import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { useAuth } from '../../lib/auth';
import { LoadingScreen } from '../../lib/loading-screen';
import { useDisguiseMode } from '../../lib/panic';
import { PATHS } from '../../lib/route-paths';
import { NewPasswordPage } from './lazy-pages';

/** Signed-in only; others go to /auth. Signed in through a recovery link: a new password first. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { session, loading, recovery } = useAuth();
  if (loading) return <LoadingScreen />;
  if (!session) return <Navigate to={PATHS.auth} replace />;
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

/** A safety net: opening a disguise path turns its mode on (lib/panic.tsx), so this lets it through. */
export function RequireDisguise({ children }: { children: ReactNode }) {
  if (!useDisguiseMode()) return <Navigate to={PATHS.home} replace />;
  return children;
}
