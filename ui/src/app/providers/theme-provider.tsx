import { createContext, useCallback, useContext, useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS } from '../../lib/storage-keys';

export type Theme = 'light' | 'dark';

type ThemeState = { theme: Theme; toggleTheme(): void };

const ThemeContext = createContext<ThemeState | null>(null);

/** The remembered theme ('light' | 'dark', stored as plain text; a JSON-quoted value is accepted too). */
export function readStoredTheme(): Theme {
  try {
    const raw = window.localStorage.getItem(STORAGE_KEYS.theme);
    if (raw === 'dark' || raw === '"dark"') return 'dark';
  } catch {
    // storage blocked: default
  }
  return 'light';
}

/** Puts `theme-light` / `theme-dark` on <body>, where the design tokens live. */
export function applyTheme(theme: Theme): void {
  document.body.classList.remove('theme-light', 'theme-dark');
  document.body.classList.add(`theme-${theme}`);
}

export function ThemeProvider({ children }: { children: ReactNode }) {
  const [theme, setTheme] = useState<Theme>(readStoredTheme);

  // Before the next paint, so that no frame shows the new choice in the old colours.
  useLayoutEffect(() => {
    applyTheme(theme);
    // Written only when it differs from what is stored: a fresh start (or one after Clear All Data) leaves
    // nothing in storage until the user picks a theme.
    if (readStoredTheme() === theme) return;
    try {
      window.localStorage.setItem(STORAGE_KEYS.theme, theme);
    } catch {
      // ignore
    }
  }, [theme]);

  const toggleTheme = useCallback(() => setTheme((t) => (t === 'light' ? 'dark' : 'light')), []);
  const value = useMemo(() => ({ theme, toggleTheme }), [theme, toggleTheme]);
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeState {
  const ctx = useContext(ThemeContext);
  if (!ctx) throw new Error('useTheme must be used within a ThemeProvider');
  return ctx;
}
