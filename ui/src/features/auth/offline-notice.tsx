import { useT } from '../../lib/i18n';

/** Shown on the sign-in screen while the device has no network: signing in waits until it is back. */
export function OfflineNotice() {
  const t = useT();
  return (
    <div className="auth-info" role="status">
      {t('auth.offline')}
    </div>
  );
}
