import { useId } from 'react';
import { useT } from '../../lib/i18n';

type Props = {
  legend: string;
  itemLabel: string;
  addLabel: string;
  values: string[];
  onChange(values: string[]): void;
};

/** A list where each item is its own field (witnesses, complaint numbers), each one removable. */
export function ListField({ legend, itemLabel, addLabel, values, onChange }: Props) {
  const t = useT();
  const id = useId();
  return (
    <fieldset className="incident-fieldset">
      <legend>{legend}</legend>
      <ul className="incident-list-field">
        {values.map((value, i) => (
          <li key={i}>
            <label className="label" htmlFor={`${id}-${i}`}>
              {`${itemLabel} ${i + 1}`}
            </label>
            <div className="incident-list-row">
              <input
                autoComplete="off"
                id={`${id}-${i}`}
                className="input"
                value={value}
                onChange={(e) => onChange(values.map((v, j) => (j === i ? e.target.value : v)))}
              />
              <button
                type="button"
                className="btn btn-ghost"
                aria-label={t('incidents.removeItem', { item: `${itemLabel} ${i + 1}` })}
                onClick={() => onChange(values.filter((_, j) => j !== i))}
              >
                {t('incidents.remove')}
              </button>
            </div>
          </li>
        ))}
      </ul>
      <button type="button" className="btn btn-secondary" onClick={() => onChange([...values, ''])}>
        {addLabel}
      </button>
    </fieldset>
  );
}
