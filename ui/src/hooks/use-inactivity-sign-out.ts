import { useEffect, useRef } from 'react';
import { getDisguiseMode } from '../lib/disguise-mode';
import { startInactivityMonitor, type InactivityMonitor } from '../lib/inactivity';

/**
 * Runs the inactivity monitor for the component's lifetime; calls `onTimeout` when `active` and idle too long.
 * Activity while a disguise shows does not count.
 * Returns a stable function that resets the timer (call it on every auth event).
 */
export function useInactivitySignOut(active: boolean, onTimeout: () => void): () => void {
  const activeRef = useRef(active);
  const timeoutRef = useRef(onTimeout);
  const monitorRef = useRef<InactivityMonitor | null>(null);
  useEffect(() => {
    activeRef.current = active;
    timeoutRef.current = onTimeout;
  }, [active, onTimeout]);

  useEffect(() => {
    const monitor = startInactivityMonitor({
      isActive: () => activeRef.current,
      // Tapping around a disguise is not using the app: the idle lock keeps counting behind it.
      ignoreActivity: () => getDisguiseMode() !== null,
      onTimeout: () => timeoutRef.current(),
    });
    monitorRef.current = monitor;
    return () => {
      monitor.stop();
      monitorRef.current = null;
    };
  }, []);

  const resetRef = useRef(() => monitorRef.current?.reset());
  return resetRef.current;
}
