import { useT } from '../lib/i18n';

/** A centred spinner with a visible (or, for disguise screens, screen-reader-only) label. */
export function LoadingScreen({ label, quiet = false }: { label?: string; quiet?: boolean }) {
  const t = useT();
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className={quiet ? 'sr-only' : undefined}>{label ?? t('common.loadingApplication')}</p>
    </div>
  );
}
