import { englishText } from './english-text';
import type { Translate } from './i18n';
import { onKeyDown, onKeyUp, START, type KeyCount, type KeyStep } from './quick-exit-keys';
import { quickExit } from './quick-exit';

// The listener starts before React and the page's language; the app hands it the language once it knows it.
let say: Translate = englishText;

/** Makes the key count speak the page's language (called by the app's shell whenever the language changes). */
export function setQuickExitLanguage(t: Translate): void {
  say = t;
}

/**
 * Listens for Shift ×3 and Escape ×3 on the whole window from the first moment (before React renders, on
 * every screen, disguises included, also inside text fields) and says the count aloud through a live region.
 * Capture phase, so no component that stops a key event can swallow the exit.
 */
export function installQuickExitKeys(
  win: Window = window,
  leave: () => void = () => quickExit(),
  now: () => number = () => win.performance.now(),
): () => void {
  const doc = win.document;
  const region = doc.createElement('div');
  region.className = 'sr-only';
  region.setAttribute('aria-live', 'polite');
  region.setAttribute('data-quick-exit-status', '');
  doc.body.appendChild(region);

  let state: KeyCount = START;
  const apply = (step: KeyStep) => {
    state = step.state;
    if (step.exit) {
      leave();
      return;
    }
    if (step.announce !== null) region.textContent = step.announce.key ? say(step.announce.key, step.announce.vars) : '';
  };
  const down = (e: KeyboardEvent) => apply(onKeyDown(state, e, now()));
  const up = (e: KeyboardEvent) => apply(onKeyUp(state, e, now()));
  // Keys released while another window had focus never reach us: start again.
  const blur = () => {
    state = START;
  };
  win.addEventListener('keydown', down, true);
  win.addEventListener('keyup', up, true);
  win.addEventListener('blur', blur);
  return () => {
    win.removeEventListener('keydown', down, true);
    win.removeEventListener('keyup', up, true);
    win.removeEventListener('blur', blur);
    region.remove();
  };
}
