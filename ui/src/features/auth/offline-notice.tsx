/** Shown on the sign-in screen while the device has no network: signing in waits until it is back. */
export function OfflineNotice() {
  return (
    <div className="auth-info" role="status">
      You&rsquo;re offline right now. Signing in needs an internet connection, so it will work again as soon as
      you&rsquo;re connected. Nothing you typed is sent until then.
    </div>
  );
}
