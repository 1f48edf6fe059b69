import { useCallback, useState } from 'react';
import { useProblemText, type ProblemWords } from './use-console';

/**
 * One button's request at a time: busy while it runs, then what happened in words (a notice for the status
 * region, or the refusal for the alert region).
 */
export function useAction() {
  const problemText = useProblemText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const run = useCallback(
    async <T>(request: () => Promise<T>, done?: string, own?: ProblemWords): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        const answer = await request();
        if (done) setNotice(done);
        return answer;
      } catch (err) {
        setError(problemText(err, own));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [problemText],
  );

  const clear = useCallback(() => {
    setError(null);
    setNotice(null);
  }, []);

  return { busy, error, notice, run, clear };
}
