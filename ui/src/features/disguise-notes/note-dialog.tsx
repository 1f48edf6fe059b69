import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { ModalDialog } from '../../components/modal-dialog';

type Props = {
  heading: string;
  initial?: { title: string; content: string };
  onSave(title: string, content: string): void;
  onClose(): void;
  /** Offered when editing a note that exists. */
  onDelete?(): void;
};

/** Writing a new note or changing one. */
export function NoteDialog({ heading, initial, onSave, onClose, onDelete }: Props) {
  const [title, setTitle] = useState(initial?.title ?? '');
  const [content, setContent] = useState(initial?.content ?? '');
  const t = useT();
  const titleId = useId();
  const contentId = useId();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSave(title, content);
  };

  return (
    <ModalDialog title={heading} onClose={onClose} className="qn-dialog" backdropClassName="qn-backdrop">
      <form onSubmit={submit} className="qn-form">
        <label htmlFor={titleId} className="qn-label">
          {t('notes.titleLabel')}
        </label>
        <input
          id={titleId}
          className="qn-input"
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          data-autofocus
          autoComplete="off"
        />
        <label htmlFor={contentId} className="qn-label">
          {t('notes.contentLabel')}
        </label>
        <textarea
          autoComplete="off"
          id={contentId}
          className="qn-input qn-textarea"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={6}
        />
        <div className="qn-dialog-actions">
          {onDelete ? (
            <button type="button" className="qn-btn qn-btn-danger" onClick={onDelete}>
              {t('notes.delete')}
            </button>
          ) : null}
          <button type="button" className="qn-btn" onClick={onClose}>
            {t('notes.cancel')}
          </button>
          <button type="submit" className="qn-btn qn-btn-primary">
            {t('notes.save')}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}

/** Asks before a note is gone for good. */
export function ConfirmDelete({ title, onConfirm, onClose }: { title: string; onConfirm(): void; onClose(): void }) {
  const t = useT();
  return (
    <ModalDialog title={t('notes.confirmTitle')} onClose={onClose} className="qn-dialog" backdropClassName="qn-backdrop">
      <p className="qn-confirm-text">{t('notes.confirmText', { title })}</p>
      <div className="qn-dialog-actions">
        <button type="button" className="qn-btn" onClick={onClose} data-autofocus>
          {t('notes.cancel')}
        </button>
        <button type="button" className="qn-btn qn-btn-danger" onClick={onConfirm}>
          {t('notes.delete')}
        </button>
      </div>
    </ModalDialog>
  );
}
