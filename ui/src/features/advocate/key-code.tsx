import { useEffect, useState } from 'react';
import { keySafetyCode, spokenSafetyCode } from '../../lib/advocates/safety-code';
import { useT } from '../../lib/i18n';

/**
 * The safety code of this advocate's current key with one person (docs/advocates.md, "A new key"): after a new key,
 * her app shows the same code and asks her to compare it before she shares again.
 */
export function KeyCode({ publicKey, personId }: { publicKey: string; personId: string }) {
  const t = useT();
  const [code, setCode] = useState('');
  useEffect(() => {
    let live = true;
    if (!publicKey) return;
    void keySafetyCode(publicKey, personId).then((c) => live && setCode(c));
    return () => {
      live = false;
    };
  }, [publicKey, personId]);
  return code ? <span className="advocate-key-code">{t('advocate.keyCode', { code: spokenSafetyCode(code) })}</span> : null;
}
