import { Fragment } from 'react';
import { telHref } from './resource-filter';

const EMERGENCY_NUMBERS: readonly { label: string; numbers: readonly string[] }[] = [
  { label: 'Police', numbers: ['100'] },
  { label: 'Women Helpline', numbers: ['1091', '181'] },
  { label: 'Ambulance', numbers: ['108'] },
];

/** The three numbers to call in an emergency. */
export function EmergencyBox() {
  return (
    <section className="resources-emergency" aria-labelledby="resources-emergency-heading">
      <h2 id="resources-emergency-heading">In immediate danger?</h2>
      <p>Call one of these numbers right away. They are free to call.</p>
      <ul className="resources-emergency-list">
        {EMERGENCY_NUMBERS.map((entry) => (
          <li key={entry.label}>
            <span className="resources-emergency-label">{entry.label}:</span>{' '}
            {entry.numbers.map((n, i) => (
              <Fragment key={n}>
                {i > 0 && ' or '}
                <a href={telHref(n)}>{n}</a>
              </Fragment>
            ))}
          </li>
        ))}
      </ul>
    </section>
  );
}
