import { useId, useMemo, useState, type FormEvent } from 'react';
import { ShareWithAdvocate } from '../../components/advocates';
import { useCopyState, useVaultState } from '../../lib/vault';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { useT } from '../../lib/i18n';
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

export default function SafetyPlanPage() {
  const { copied } = useCopyState();
  const t = useT();
  const [stored, setStored] = useVaultState<SafetyPlanItem[]>(STORAGE_KEYS.safetyPlan, []);
  const items = useMemo(() => validItems(stored), [stored]);
  const [category, setCategory] = useState<SafetyCategoryId>('warning-signs');
  const [text, setText] = useState('');
  const [status, setStatus] = useState('');
  const chosen = SAFETY_CATEGORIES.find((c) => c.id === category) ?? SAFETY_CATEGORIES[0];
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
    setStatus(t('safetyPlan.itemAdded', { category: t(chosen.labelKey) }));
  };

  const save = (id: string, content: string) => {
    setStored((prev) => updateItem(validItems(prev), id, content));
    setStatus(t('safetyPlan.itemUpdated'));
  };

  const remove = (id: string) => {
    setStored((prev) => removeItem(validItems(prev), id));
    setStatus(t('safetyPlan.itemDeleted'));
  };

  return (
    <div className="page safety-plan-page">
      <h1 className="page-title">{t('safetyPlan.title')}</h1>
      <p className="page-subtitle">{t('safetyPlan.subtitle')}</p>

      <div className="card safety-plan-privacy">
        <p>
          <strong>{t('safetyPlan.privacyLead')}</strong> {t(copied ? 'safetyPlan.privacyCopied' : 'safetyPlan.privacy')}
        </p>
      </div>

      <section className="card safety-plan-form" aria-labelledby="safety-plan-add-heading">
        <h2 id="safety-plan-add-heading">{t('safetyPlan.addHeading')}</h2>
        <form className="stack" onSubmit={add}>
          <div>
            <label className="label" htmlFor={categoryId}>
              {t('safetyPlan.category')}
            </label>
            <select
              id={categoryId}
              className="input"
              value={category}
              onChange={(e) => setCategory(e.target.value as SafetyCategoryId)}
            >
              {SAFETY_CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {t(c.labelKey)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label className="label" htmlFor={textId}>
              {t('safetyPlan.whatToAdd')}
            </label>
            <textarea
              autoComplete="off"
              id={textId}
              className="textarea"
              rows={3}
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t(chosen.hintKey)}
            />
          </div>
          <div>
            <button type="submit" className="btn btn-primary" disabled={!canSaveItem(text)}>
              {t('safetyPlan.addItem')}
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
                {t(c.labelKey)}
              </h2>
              <p className="safety-plan-hint">{t(c.hintKey)}</p>
              {inCategory.length === 0 ? (
                <p className="empty-state">{t('safetyPlan.emptyCategory')}</p>
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
          <strong>{t('safetyPlan.printTipLead')}</strong> {t('safetyPlan.printTip')}
        </p>
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
          {t('safetyPlan.printPlan')}
        </button>
      </div>
      <ShareWithAdvocate
        what={t('safetyPlan.shareWhat')}
        build={async () => ({
          kind: 'safety-plan',
          title: t('safetyPlan.shareWhat'),
          sections: SAFETY_CATEGORIES.map((c) => ({
            heading: t(c.labelKey),
            items: itemsInCategory(items, c.id).map((i) => i.content),
          })).filter((s) => s.items.length > 0),
        })}
      />
    </div>
  );
}
