import { useT } from '../../lib/i18n';

type Props = {
  cities: string[];
  /** The city on screen, offered for saving when it is not saved yet. */
  shown: string | null;
  onSelect(city: string): void;
  onAdd(city: string): void;
  onRemove(city: string): void;
};

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Her saved cities, kept on the device: tap to show one, remove one, or save the city on screen. */
export function SavedCities({ cities, shown, onSelect, onAdd, onRemove }: Props) {
  const t = useT();
  const canAdd = shown !== null && !cities.some((c) => same(c, shown));
  return (
    <section className="wx-cities" aria-label={t('weather.myCities')}>
      {cities.length > 0 ? (
        <ul className="wx-city-list">
          {cities.map((c) => (
            <li key={c} className={`wx-city-chip${shown !== null && same(c, shown) ? ' is-current' : ''}`}>
              <button type="button" className="wx-chip-select" onClick={() => onSelect(c)}>
                {c}
              </button>
              <button type="button" className="wx-chip-remove" aria-label={t('weather.removeCity', { city: c })} onClick={() => onRemove(c)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {canAdd ? (
        <button type="button" className="wx-add-city" onClick={() => onAdd(shown)}>
          <span aria-hidden="true">+</span> {t('weather.addCity', { city: shown })}
        </button>
      ) : null}
    </section>
  );
}
