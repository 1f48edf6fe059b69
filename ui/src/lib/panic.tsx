import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAppConfig } from './app-config';
import { quickExit as leaveNow } from './quick-exit';
import { PATHS } from './route-paths';

export type DisguiseKind = 'weather' | 'notes';

export type PanicApi = {
  /** Leave for a neutral site, replacing this history entry. */
  quickExit(): void;
  /** Switch to a disguise screen (/weather or /notes). */
  enterDisguise(kind: DisguiseKind): void;
};

type PanicState = PanicApi & { disguise: DisguiseKind | null };

export const DISGUISE_PATHS: Record<DisguiseKind, string> = { weather: PATHS.weather, notes: PATHS.notes };
export const DISGUISE_TITLES: Record<DisguiseKind, string> = {
  weather: 'Weather Forecast',
  notes: 'Quick Notes',
};

// Kept per tab (sessionStorage) so a reload on a disguise screen stays disguised; gone when the tab closes.
const SESSION_KEY = 'view-mode';

function readDisguise(): DisguiseKind | null {
  try {
    const v = window.sessionStorage.getItem(SESSION_KEY);
    return v === 'weather' || v === 'notes' ? v : null;
  } catch {
    return null;
  }
}

function writeDisguise(kind: DisguiseKind): void {
  try {
    window.sessionStorage.setItem(SESSION_KEY, kind);
  } catch {
    // ignore: memory state still applies
  }
}

const PanicContext = createContext<PanicState | null>(null);

/** Holds the disguise mode and keeps document.title in step with it. Must sit inside a router. */
export function PanicProvider({ children }: { children: ReactNode }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { product_name } = useAppConfig();
  const [disguise, setDisguise] = useState<DisguiseKind | null>(readDisguise);
  const disguiseRef = useRef(disguise);

  const enterDisguise = useCallback(
    (kind: DisguiseKind) => {
      writeDisguise(kind);
      disguiseRef.current = kind;
      setDisguise(kind);
      document.title = DISGUISE_TITLES[kind];
      // Replace the Solace page in the history: Back from the disguise (or after its quick exit) does not
      // show the page the user was reading.
      navigate(DISGUISE_PATHS[kind], { replace: true });
    },
    [navigate],
  );

  const quickExit = useCallback(() => leaveNow(), []);

  // Follows the path only: the disguise state commits before the (lazy, transition-wrapped) navigation does,
  // and reacting to it alone would put the product name back in the tab title on the disguise URL.
  useEffect(() => {
    const kind = disguiseRef.current;
    if (kind && pathname === DISGUISE_PATHS.weather) document.title = DISGUISE_TITLES.weather;
    else if (kind && pathname === DISGUISE_PATHS.notes) document.title = DISGUISE_TITLES.notes;
    else document.title = product_name;
  }, [pathname, product_name]);

  const value = useMemo(() => ({ quickExit, enterDisguise, disguise }), [quickExit, enterDisguise, disguise]);
  return <PanicContext.Provider value={value}>{children}</PanicContext.Provider>;
}

function usePanicState(): PanicState {
  const ctx = useContext(PanicContext);
  if (!ctx) throw new Error('usePanic must be used within a PanicProvider');
  return ctx;
}

export function usePanic(): PanicApi {
  return usePanicState();
}

/** Whether the visitor entered a disguise mode (guards /weather and /notes). */
export function useDisguiseMode(): DisguiseKind | null {
  return usePanicState().disguise;
}
