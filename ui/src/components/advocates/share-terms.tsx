import { useT } from '../../lib/i18n';
import { DEFAULT_SHARE_DAYS, MAX_SHARE_DAYS } from '../../lib/advocates/share-payload';

/** The number of days a share lasts, from what she typed in the days field (1 to MAX_SHARE_DAYS). */
export function shareDays(typed: string): number {
  return Math.min(MAX_SHARE_DAYS, Math.max(1, Math.round(Number(typed) || DEFAULT_SHARE_DAYS)));
}

type Props = {
  /** A prefix for the fields' ids (useId of the form). */
  id: string;
  advocates: { id: string; name: string }[];
  advocateId: string;
  onChoose(id: string): void;
  days: string;
  onDays(days: string): void;
  /** The consent record's lines, shown as she will agree to them. */
  lines: string[];
  /** The consent heading's level, under the form's own heading. */
  Heading: 'h3' | 'h4';
};

/** What every share asks: with whom (when she has more than one advocate), for how long, and the consent. */
export function ShareTerms({ id, advocates, advocateId, onChoose, days, onDays, lines, Heading }: Props) {
  const t = useT();
  return (
    <>
      {advocates.length > 1 ? (
        <>
          <label className="label" htmlFor={`${id}-who`}>
            {t('sharing.advocate')}
          </label>
          <select id={`${id}-who`} className="input" value={advocateId} onChange={(e) => onChoose(e.target.value)}>
            {advocates.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label className="label" htmlFor={`${id}-days`}>
        {t('sharing.days')}
      </label>
      <input
        autoComplete="off"
        id={`${id}-days`}
        className="input"
        type="number"
        min={1}
        max={MAX_SHARE_DAYS}
        value={days}
        onChange={(e) => onDays(e.target.value)}
        aria-describedby={`${id}-days-hint`}
      />
      <p id={`${id}-days-hint`}>{t('sharing.daysHint')}</p>
      <section aria-label={t('sharing.consentHeading')}>
        <Heading>{t('sharing.consentHeading')}</Heading>
        <ul>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
    </>
  );
}
