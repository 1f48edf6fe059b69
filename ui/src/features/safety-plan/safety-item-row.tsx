import { useId, useLayoutEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { canSaveItem, type SafetyPlanItem } from './safety-plan-logic';

type Props = {
  item: SafetyPlanItem;
  onSave: (id: string, content: string) => void;
  onDelete: (id: string) => void;
};

/** One plan item: shown with Edit/Delete, or edited inline with Save/Cancel. */
export function SafetyItemRow({ item, onSave, onDelete }: Props) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(item.content);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const fieldId = useId();

  // The field takes the focus as it opens, every time (a browser honours the `autofocus` attribute only once
  // per page); before it is drawn, so that what she types at once lands in it.
  useLayoutEffect(() => {
    if (editing) fieldRef.current?.focus();
  }, [editing]);

  // Back to the Edit button as the field closes, before the row is drawn again.
  useLayoutEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButtonRef.current?.focus();
    }
  }, [editing]);

  const finish = () => {
    returnFocus.current = true;
    setEditing(false);
  };

  if (editing) {
    return (
      <li className="safety-item safety-item-editing">
        <form
          className="stack"
          onSubmit={(e) => {
            e.preventDefault();
            if (!canSaveItem(draft)) return;
            onSave(item.id, draft);
            finish();
          }}
        >
          <div>
            <label className="label" htmlFor={fieldId}>
              {t('safetyPlan.editItem')}
            </label>
            <textarea
              autoComplete="off"
              id={fieldId}
              className="textarea"
              rows={2}
              ref={fieldRef}
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') finish();
              }}
            />
          </div>
          <div className="safety-item-actions">
            <button type="submit" className="btn btn-primary" disabled={!canSaveItem(draft)}>
              {t('safetyPlan.save')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={finish}>
              {t('safetyPlan.cancel')}
            </button>
          </div>
        </form>
      </li>
    );
  }

  return (
    <li className="safety-item">
      <span className="safety-item-content">{item.content}</span>
      <span className="safety-item-actions">
        <button
          ref={editButtonRef}
          type="button"
          className="btn btn-ghost"
          aria-label={t('safetyPlan.editNamed', { item: item.content })}
          onClick={() => {
            setDraft(item.content);
            setEditing(true);
          }}
        >
          {t('safetyPlan.edit')}
        </button>
        <button
          type="button"
          className="btn btn-ghost safety-item-delete"
          aria-label={t('safetyPlan.deleteNamed', { item: item.content })}
          onClick={() => onDelete(item.id)}
        >
          {t('safetyPlan.delete')}
        </button>
      </span>
    </li>
  );
}
