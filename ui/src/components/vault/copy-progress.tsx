import { useT } from '../../lib/i18n';
import type { Progress } from '../../lib/vault/copy-stored';

/** Large transfers only: a photo or recording of a few MiB or more (chunks are 1 MiB). */
const LARGE = 3;

/**
 * A bar while photos and recordings go to or come from the copy (docs/vault.md, "Sync"), on every screen while
 * it lasts, so she knows why the network is busy and when it is done. Small transfers pass without one.
 */
export function CopyProgress({ progress }: { progress: Progress | null }) {
  const t = useT();
  if (!progress || progress.total < LARGE) return null;
  const text = t(progress.direction === 'up' ? 'copy.progressUp' : 'copy.progressDown', { done: progress.done, total: progress.total });
  return (
    <div className="vault-notice vault-notice-calm copy-progress">
      <progress max={progress.total} value={progress.done} aria-label={text} />
      <span aria-hidden="true">{text}</span>
    </div>
  );
}
