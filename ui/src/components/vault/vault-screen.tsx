import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { usePanic } from '../../providers/panic';
import { exitControl } from '../../lib/quick-exit';

/**
 * The frame of the vault's own screens (PIN, could not open): a quick exit first in focus order, as on
 * every other screen, then the card. When the app gains a shared exit control, it belongs here.
 */
export function VaultScreen({ children }: { children: ReactNode }) {
  const t = useT();
  const { quickExit } = usePanic();
  return (
    <main className="vault-screen">
      <button type="button" className="btn btn-danger vault-exit" {...exitControl(quickExit)}>
        {t('layout.quickExit')}
      </button>
      {children}
    </main>
  );
}
