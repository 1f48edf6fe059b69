import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n';
import { ModalDialog } from '../../components/modal-dialog';

type Props = {
  title: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  /** What the action does, in plain words. */
  children: ReactNode;
};

/** Asks before an action that cannot be undone; Cancel has the focus, so Enter alone never confirms it. */
export function ConfirmDialog({ title, confirmLabel, onConfirm, onCancel, children }: Props) {
  const t = useT();
  return (
    <ModalDialog title={title} onClose={onCancel}>
      <div className="stack">
        {children}
        <div className="console-actions">
          <button type="button" className="btn btn-secondary" data-autofocus onClick={onCancel}>
            {t('operator.cancel')}
          </button>
          <button type="button" className="btn btn-danger" onClick={onConfirm}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
