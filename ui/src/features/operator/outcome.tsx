/** What an action came to: a refusal is announced at once (alert), a success politely (status). */
export function Outcome({ error, notice }: { error: string | null; notice: string | null }) {
  return (
    <>
      <div role="status">{notice ? <p>{notice}</p> : null}</div>
      {error ? <p role="alert">{error}</p> : null}
    </>
  );
}
