import { useState } from 'react';
import { useT } from '../../lib/i18n';
import type { CopyControl } from '../../lib/vault/copy-context';
import { RecoveryKeyStep } from './recovery-key-step';
import { VaultScreen } from './vault-screen';

/** The one calm screen at first use: what the copy is, and the recovery-key step, which she may postpone. */
export function CopyFirstUse({ control }: { control: CopyControl }) {
  const t = useT();
  const [key, setKey] = useState<string | null>(null);
  return (
    <VaultScreen>
      <div className="vault-card copy-card">
        <h1 className="vault-title">{key ? t('copy.keyTitle') : t('copy.firstTitle')}</h1>
        {key ? (
          <RecoveryKeyStep recoveryKey={key} onKept={() => control.keepRecoveryKey(key)} onCancel={() => setKey(null)} />
        ) : (
          <>
            <p>{t('copy.firstIntro')}</p>
            <p>{t('copy.firstKeyIntro')}</p>
            <p>{t('copy.laterNote')}</p>
            <div className="vault-actions">
              <button type="button" className="btn btn-primary" onClick={() => setKey(control.newRecoveryKey())}>
                {t('copy.showKey')}
              </button>
              <button type="button" className="btn btn-secondary" onClick={() => void control.postpone()}>
                {t('copy.later')}
              </button>
            </div>
          </>
        )}
      </div>
    </VaultScreen>
  );
}
