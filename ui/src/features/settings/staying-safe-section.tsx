import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/route-paths';

/** Settings section pointing to the 'Staying safe' page. */
export function StayingSafeSection() {
  return (
    <section className="card" aria-labelledby="settings-staying-safe">
      <h2 id="settings-staying-safe" className="settings-heading">
        Staying safe
      </h2>
      <p>
        What this app protects you from, what it cannot hide (such as your browser history), and simple steps that
        help. To leave at once, tap Exit now at the top or press Shift three times.
      </p>
      <Link className="btn btn-secondary" to={PATHS.stayingSafe}>
        Read Staying safe
      </Link>
    </section>
  );
}
