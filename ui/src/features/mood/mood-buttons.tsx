import { useT } from '../../lib/i18n';
import { MOOD_LABEL_KEYS, MOOD_VALUES, type MoodValue } from './mood-labels';

/** The five moods as toggle buttons, the chosen one pressed. */
export function MoodButtons({ selected, onSelect }: { selected: MoodValue | null; onSelect(value: MoodValue): void }) {
  const t = useT();
  return (
    <div className="mood-buttons" role="group" aria-label={t('mood.chooseMood')}>
      {MOOD_VALUES.map((value) => (
        <button
          key={value}
          type="button"
          className={`mood-button mood-button-${value}${selected === value ? ' mood-button-active' : ''}`}
          aria-pressed={selected === value}
          onClick={() => onSelect(value)}
        >
          <span className="mood-button-value" aria-hidden="true">
            {value}
          </span>
          <span>{t(MOOD_LABEL_KEYS[value])}</span>
        </button>
      ))}
    </div>
  );
}
