import { useEffect, useState } from 'react';
import { keySafetyCode, spokenSafetyCode } from '../../lib/advocates/safety-code';
import { useT } from '../../lib/i18n';

/**
 * The safety code of this advocate's current key with one person (docs/advocates.md, "A new key"): after a new key,
 * her app shows the same code and asks her to compare it before she shares again.
 */
export function KeyCode({ publicKey, personId }: { publicKey: string; personId: string }) {
  const t = useT();
  // Kept with the key it was computed for, so a new key never shows the old key's code.
  const [known, setKnown] = useState({ of: '', code: '' });
  const of = `${publicKey} ${personId}`;
  useEffect(() => {
    let live = true;
    if (!publicKey) return;
    void keySafetyCode(publicKey, personId).then((code) => live && setKnown({ of: `${publicKey} ${personId}`, code }));
    return () => {
      live = false;
    };
  }, [publicKey, personId]);
  const code = known.of === of ? known.code : '';
  return code ? <span className="advocate-key-code">{t('advocate.keyCode', { code: spokenSafetyCode(code) })}</span> : null;
}
