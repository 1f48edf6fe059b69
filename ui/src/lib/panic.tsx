import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAppConfig } from './app-config';
import {
  DISGUISE_PATHS,
  DISGUISE_TITLES,
  disguiseOfPath,
  getDisguiseMode,
  setDisguiseMode,
  subscribeDisguiseMode,
  type DisguiseKind,
} from './disguise-mode';
import { quickExit as leaveNow } from './quick-exit';
import { PATHS } from './route-paths';

export { DISGUISE_PATHS, DISGUISE_TITLES, type DisguiseKind } from './disguise-mode';

export type PanicApi = {
  /** Leave for a neutral site, replacing this history entry. */
  quickExit(): void;
  /** Switch to a disguise screen (/weather or /notes); it stays on this device until she leaves it. */
  enterDisguise(kind: DisguiseKind): void;
  /** Turn disguise mode off on purpose (the hidden way back) and go to the app's home (or sign-in). */
  leaveDisguise(): void;
};

type PanicState = PanicApi & { disguise: DisguiseKind | null };

const PanicContext = createContext<PanicState | null>(null);

/**
 * Holds the disguise mode and keeps document.title in step with it. Must sit inside a router. While the mode is
 * on, every other path of the app redirects to the disguise, so no screen of the app shows, not for one frame.
 */
export function PanicProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { product_name } = useAppConfig();
  const stored = useSyncExternalStore(subscribeDisguiseMode, getDisguiseMode);
  const onPath = disguiseOfPath(pathname);
  // A disguise path shows its disguise even before the stored mode catches up (opened from history or a link).
  const disguise = onPath ?? stored;

  // Opening a disguise path turns its mode on: from then on the device stays disguised.
  useEffect(() => {
    if (onPath && getDisguiseMode() !== onPath) setDisguiseMode(onPath);
  }, [onPath]);

  const enterDisguise = useCallback(
    (kind: DisguiseKind) => {
      setDisguiseMode(kind);
      document.title = DISGUISE_TITLES[kind];
      // Replace the app's page in the history: Back from the disguise (or after its quick exit) does not
      // show the page the user was reading.
      navigate(DISGUISE_PATHS[kind], { replace: true });
    },
    [navigate],
  );

  const leaveDisguise = useCallback(() => {
    setDisguiseMode(null);
    navigate(PATHS.home, { replace: true });
  }, [navigate]);

  const quickExit = useCallback(() => leaveNow(), []);

  // Before the paint: the tab title never lags behind the screen it names.
  useLayoutEffect(() => {
    document.title = disguise ? DISGUISE_TITLES[disguise] : product_name;
  }, [disguise, product_name]);

  const value = useMemo(
    () => ({ quickExit, enterDisguise, leaveDisguise, disguise }),
    [quickExit, enterDisguise, leaveDisguise, disguise],
  );
  const redirect = stored && !onPath ? <Navigate to={DISGUISE_PATHS[stored]} replace /> : null;
  return <PanicContext.Provider value={value}>{redirect ?? children}</PanicContext.Provider>;
}

function usePanicState(): PanicState {
  const ctx = useContext(PanicContext);
  if (!ctx) throw new Error('usePanic must be used within a PanicProvider');
  return ctx;
}

export function usePanic(): PanicApi {
  return usePanicState();
}

/** Whether the device is in a disguise mode (guards /weather and /notes). */
export function useDisguiseMode(): DisguiseKind | null {
  return usePanicState().disguise;
}
