import { useT } from '../../lib/i18n';

type Props = {
  onStartAfresh(): void;
  onBack(): void;
};

/**
 * What a forgotten PIN means, and the one way on: her records on this device are removed and she goes on
 * without a PIN (docs/vault.md, "The PIN"). Nothing is removed before she confirms.
 */
export function ForgotPin({ onStartAfresh, onBack }: Props) {
  const t = useT();
  return (
    <div className="vault-card">
      <h1 className="vault-title">{t('vault.forgotTitle')}</h1>
      <p>{t('vault.forgotText')}</p>
      <p className="vault-error">{t('vault.forgotAfresh')}</p>
      <div className="vault-actions">
        <button type="button" className="btn btn-danger" onClick={onStartAfresh}>
          {t('vault.forgotConfirm')}
        </button>
        <button type="button" className="btn btn-secondary" onClick={onBack}>
          {t('vault.forgotBack')}
        </button>
      </div>
    </div>
  );
}
