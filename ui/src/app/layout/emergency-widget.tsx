import { useId, useLayoutEffect, useRef, useState } from 'react';
import { CloseIcon, CloudIcon, ExitIcon, NoteIcon, ShieldIcon } from '../../components/icons';
import { useT } from '../../lib/i18n';
import { usePanic } from '../../providers/panic';
import { exitControl } from '../../lib/quick-exit';

/** Floating bottom-right button that opens Quick Exit / Weather App / Notes App. */
export function EmergencyWidget() {
  const { quickExit, enterDisguise } = usePanic();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const t = useT();
  const rootRef = useRef<HTMLElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);

  // Listening from the moment the panel is drawn, so that an Escape pressed at once closes it.
  useLayoutEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onPointer = (e: PointerEvent) => {
      if (rootRef.current && !rootRef.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open]);

  return (
    <aside className="emergency" ref={rootRef} aria-label={t('layout.emergency')} data-print-hide>
      {open ? (
        <div id={panelId} className="emergency-panel" role="group" aria-label={t('layout.emergencyActions')}>
          <button type="button" className="btn btn-danger emergency-action" {...exitControl(quickExit)}>
            <ExitIcon size={18} />
            {t('layout.quickExit')}
          </button>
          <button type="button" className="btn btn-secondary emergency-action" onClick={() => enterDisguise('weather')}>
            <CloudIcon size={18} />
            {t('layout.weatherApp')}
          </button>
          <button type="button" className="btn btn-secondary emergency-action" onClick={() => enterDisguise('notes')}>
            <NoteIcon size={18} />
            {t('layout.notesApp')}
          </button>
        </div>
      ) : null}
      <button
        ref={toggleRef}
        type="button"
        className="emergency-toggle"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={t('layout.emergencyOptions')}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? <CloseIcon size={26} /> : <ShieldIcon size={26} />}
      </button>
    </aside>
  );
}
