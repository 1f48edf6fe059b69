import { useId, useMemo, useState, type FormEvent } from 'react';
import { useVaultState } from '../../lib/vault';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { SAFETY_CATEGORIES, type SafetyCategoryId } from './safety-categories';
import {
  addItem,
  canSaveItem,
  itemsInCategory,
  removeItem,
  uniqueId,
  updateItem,
  validItems,
  type SafetyPlanItem,
} from './safety-plan-logic';
import { SafetyItemRow } from './safety-item-row';
import './safety-plan.css';

export const EMPTY_CATEGORY_TEXT = 'No items added yet. Use the form above to add to this category.';

export default function SafetyPlanPage() {
  const [stored, setStored] = useVaultState<SafetyPlanItem[]>(STORAGE_KEYS.safetyPlan, []);
  const items = useMemo(() => validItems(stored), [stored]);
  const [category, setCategory] = useState<SafetyCategoryId>('warning-signs');
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const categoryId = useId();
  const textId = useId();

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!canSaveItem(text)) return;
    setStored((prev) => {
      const current = validItems(prev);
      return addItem(current, category, text, uniqueId(current));
    });
    setText('');
    const label = SAFETY_CATEGORIES.find((c) => c.id === category)?.label ?? category;
    setStatus(`Item added to ${label}.`);
  };

  const save = (id: string, content: string) => {
    setStored((prev) => updateItem(validItems(prev), id, content));
    setStatus('Item updated.');
  };

  const remove = (id: string) => {
    setStored((prev) => removeItem(validItems(prev), id));
    setStatus('Item deleted.');
  };

  return (
    <div className="page safety-plan-page">
      <h1 className="page-title">My Safety Plan</h1>
      <p className="page-subtitle">
        A plan made in a calm moment can help you act quickly when things feel unsafe. Add what
        matters to you, at your own pace.
      </p>

      <div className="card safety-plan-privacy">
        <p>
          <strong>Your privacy:</strong> this plan is saved only in this browser on this device. It
          is never sent to a server. If someone else can use this device, you can erase it at any
          time with Clear All Data in Settings.
        </p>
      </div>

      <section className="card safety-plan-form" aria-labelledby="safety-plan-add-heading">
        <h2 id="safety-plan-add-heading">Add to your plan</h2>
        <form className="stack" onSubmit={add}>
          <div>
            <label className="label" htmlFor={categoryId}>
              Category
            </label>
            <select
              id={categoryId}
              className="input"
              value={category}
              onChange={(e) => setCategory(e.target.value as SafetyCategoryId)}
            >
              {SAFETY_CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="label" htmlFor={textId}>
              What would you like to add?
            </label>
            <textarea
              id={textId}
              className="textarea"
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={SAFETY_CATEGORIES.find((c) => c.id === category)?.hint}
            />
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={!canSaveItem(text)}>
              Add Item
            </button>
          </div>
        </form>
        <p className="safety-plan-status" role="status">
          {status}
        </p>
      </section>

      <div className="safety-plan-sections">
        {SAFETY_CATEGORIES.map((c) => {
          const inCategory = itemsInCategory(items, c.id);
          const headingId = `safety-plan-${c.id}`;
          return (
            <section key={c.id} className="card safety-plan-section" aria-labelledby={headingId}>
              <h2 id={headingId} className="safety-plan-section-title">
                {c.label}
              </h2>
              <p className="safety-plan-hint">{c.hint}</p>
              {inCategory.length === 0 ? (
                <p className="empty-state">{EMPTY_CATEGORY_TEXT}</p>
              ) : (
                <ul className="safety-plan-items">
                  {inCategory.map((item) => (
                    <SafetyItemRow key={item.id} item={item} onSave={save} onDelete={remove} />
                  ))}
                </ul>
              )}
            </section>
          );
        })}
      </div>

      <div className="card safety-plan-print-tip">
        <p>
          <strong>Tip:</strong> you can print this plan (or save it as a PDF) and keep the copy
          somewhere safe that only you can reach. Only your plan is printed, not the rest of the
          app.
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
          Print Plan
        </button>
      </div>
    </div>
  );
}
