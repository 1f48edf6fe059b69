import type { ComponentProps } from 'react';

/**
 * A PIN field: the phone's number pad, hidden as it is typed, never remembered by the browser. A password field is
 * what hides it best (screen readers say "dot", not the digit), but browsers ignore `autoComplete="off"` on password
 * fields and record the field before it as a sign-in name: Chromium's saved-logins store kept the check-in's trusted
 * e-mail that way. `one-time-code` is the value their password managers leave alone (tested against Chromium's own
 * profile files in e2e/browser-keeps.test.mjs).
 */
export function PinInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete' | 'className'>) {
  return <input className="input" type="password" inputMode="numeric" autoComplete="one-time-code" {...props} />;
}
