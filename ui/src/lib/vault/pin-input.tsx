import type { ComponentProps } from 'react';

/** A PIN field: the phone's number pad, hidden as it is typed, never offered to the browser's autofill. */
export function PinInput(props: Omit<ComponentProps<'input'>, 'type' | 'inputMode' | 'autoComplete' | 'className'>) {
  return <input className="input" type="password" inputMode="numeric" autoComplete="off" {...props} />;
}
