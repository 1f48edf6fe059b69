import { useId } from 'react';
import { useT } from '../lib/i18n';
import { ExitIcon } from './icons';
import { exitControl } from '../lib/quick-exit';
import './quick-exit.css';
import { useTouchScreen } from '../lib/touch-screen';

/**
 * The visible quick exit: one tap, the first thing keyboard focus reaches (it is rendered before anything
 * else on the page). The keyboard way is told to screen readers in its description.
 */
export function QuickExitBar() {
  const hintId = useId();
  const t = useT();
  const touch = useTouchScreen();
  return (
    <div className="quick-exit-bar" data-print-hide>
      <button
        type="button"
        className="btn btn-danger quick-exit-button"
        aria-describedby={hintId}
        {...exitControl()}
      >
        <ExitIcon size={20} />
        {t('layout.exitNow')}
      </button>
      <span id={hintId} className="sr-only">
        {t(touch ? 'layout.exitHintTouch' : 'layout.exitHint')}
      </span>
    </div>
  );
}
