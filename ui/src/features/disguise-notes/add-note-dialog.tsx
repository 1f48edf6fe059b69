import { useId, useState, type FormEvent } from 'react';
import { ModalDialog } from '../../lib/modal-dialog';

type Props = { onSave(title: string, content: string): void; onClose(): void };

export function AddNoteDialog({ onSave, onClose }: Props) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const titleId = useId();
  const contentId = useId();

  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSave(title, content);
  };

  return (
    <ModalDialog title="New Note" onClose={onClose} className="qn-dialog" backdropClassName="qn-backdrop">
      <form onSubmit={submit} className="qn-form">
        <label htmlFor={titleId} className="qn-label">
          Title
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
          Content
        </label>
        <textarea
          id={contentId}
          className="qn-input qn-textarea"
          value={content}
          onChange={(e) => setContent(e.target.value)}
          rows={6}
        />
        <div className="qn-dialog-actions">
          <button type="button" className="qn-btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="qn-btn qn-btn-primary">
            Save
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
