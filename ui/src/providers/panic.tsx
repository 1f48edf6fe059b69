import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useAppConfig } from '../lib/app-config';
import {
  DISGUISE_PATHS,
  DISGUISE_TITLES,
  disguiseOfPath,
  getDisguiseMode,
  modeChangedInThisTab,
  setDisguiseMode,
  subscribeDisguiseMode,
  type DisguiseKind,
} from '../lib/disguise-mode';
import { quickExit as leaveNow } from '../lib/quick-exit';
import { PATHS } from '../lib/route-paths';
import { setTabIcon } from '../lib/tab-icon';

export { DISGUISE_PATHS, DISGUISE_TITLES, type DisguiseKind } from '../lib/disguise-mode';

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
 * `onEnter` is told each time a disguise starts to show (hooks/disguise-lock.tsx locks her records then).
 */
export function PanicProvider({ children, onEnter }: { children: ReactNode; onEnter?: () => void }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { page_title } = useAppConfig();
  const stored = useSyncExternalStore(subscribeDisguiseMode, getDisguiseMode);
  const onPath = disguiseOfPath(pathname);
  // A disguise path shows its disguise even before the stored mode catches up (opened from history or a link).
  const disguise = onPath ?? stored;

  // Entering a disguise in this tab is reported once: a button, a disguise address, a page opened on a disguise,
  // this tab's idle lock. Following another tab into its disguise is not: that tab reports its own.
  // The latest callback is used, so it sees the session as it is now.
  const onEnterRef = useRef(onEnter);
  const shown = useRef<DisguiseKind | null>(null);
  useEffect(() => {
    onEnterRef.current = onEnter;
  }, [onEnter]);
  useEffect(() => {
    const entered = disguise !== null && shown.current === null;
    shown.current = disguise;
    if (entered && (onPath !== null || modeChangedInThisTab())) onEnterRef.current?.();
  }, [disguise, onPath]);

  // Opening a disguise path turns its mode on: from then on the device stays disguised.
  useEffect(() => {
    if (onPath && getDisguiseMode() !== onPath) setDisguiseMode(onPath);
  }, [onPath]);

  const enterDisguise = useCallback(
    (kind: DisguiseKind) => {
      setDisguiseMode(kind);
      // Replace the app's page in the history: Back from the disguise (or after its quick exit) does not
      // show the page the user was reading. The title changes once the address is the disguise's, so the
      // browser's history never files the app's address under a disguise's title.
      navigate(DISGUISE_PATHS[kind], { replace: true });
      document.title = DISGUISE_TITLES[kind];
    },
    [navigate],
  );

  const leaveDisguise = useCallback(() => {
    setDisguiseMode(null);
    navigate(PATHS.home, { replace: true });
  }, [navigate]);

  const quickExit = useCallback(() => leaveNow(), []);

  // Before the paint: the tab title (and icon) never lags behind the screen it names. It follows the address: while a
  // redirect to the disguise is under way the app's own neutral title stays, then the disguise's.
  useLayoutEffect(() => {
    document.title = onPath ? DISGUISE_TITLES[onPath] : page_title;
    setTabIcon(onPath);
  }, [onPath, page_title]);

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
