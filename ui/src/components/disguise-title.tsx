import type { ReactNode } from 'react';
import { usePanic } from '../providers/panic';
import { useLongPress } from '../hooks/use-long-press';
import './disguise-title.css';

/**
 * The heading of a disguise screen, and its hidden way back into the app: held for two seconds (finger, mouse,
 * or Enter/Space with the focus on it) it leaves disguise mode. A tap or click does nothing, so someone trying
 * the screen finds an ordinary app. Settings explains the gesture.
 */
export function DisguiseTitle({ className, children }: { className: string; children: ReactNode }) {
  const { leaveDisguise } = usePanic();
  const press = useLongPress(leaveDisguise);
  return (
    <h1 className={`${className} disguise-title`} tabIndex={0} {...press}>
      {children}
    </h1>
  );
}
