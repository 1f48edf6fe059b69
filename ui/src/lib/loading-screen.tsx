/** A centred spinner with a visible (or, for disguise screens, screen-reader-only) label. */
export function LoadingScreen({ label = 'Loading application...', quiet = false }: { label?: string; quiet?: boolean }) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className={quiet ? 'sr-only' : undefined}>{label}</p>
    </div>
  );
}
