import './english';
import { useT } from '../../lib/i18n';
import type { PartProgress } from '../../lib/advocates/part-transfer';

/**
 * A labelled bar while a share's photos and recordings travel in parts (docs/advocates.md, "Parts"): her sending,
 * or the advocate's opening. It says so when it waits for the connection, so a pause is not taken for a failure.
 */
export function PartsProgress({ progress, direction }: { progress: PartProgress | null; direction: 'up' | 'down' }) {
  const t = useT();
  if (!progress || progress.total === 0) return null;
  const text = t(direction === 'up' ? 'sharing.progressUp' : 'sharing.progressDown', { done: progress.done, total: progress.total });
  return (
    <div className="vault-notice vault-notice-calm copy-progress share-progress">
      <progress max={progress.total} value={progress.done} aria-label={text} />
      <span aria-hidden="true">{text}</span>
      {progress.waiting ? <span role="status">{t('sharing.progressWaiting')}</span> : null}
    </div>
  );
}
