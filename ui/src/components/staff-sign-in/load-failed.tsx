/** A staff area's first answer did not come: the words, and a button that asks again. */
export function LoadFailed({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div className="card stack">
      <p role="alert">{message}</p>
      <button type="button" className="btn btn-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
