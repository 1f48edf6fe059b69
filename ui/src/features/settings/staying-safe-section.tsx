import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/route-paths';

/** Settings section pointing to the 'Staying safe' page. */
export function StayingSafeSection() {
  const t = useT();
  return (
    <section className="card" aria-labelledby="settings-staying-safe">
      <h2 id="settings-staying-safe" className="settings-heading">
        {t('settings.stayingSafeHeading')}
      </h2>
      <p>
        {t('settings.stayingSafeIntro')}
      </p>
      <Link className="btn btn-secondary" to={PATHS.stayingSafe}>
        {t('settings.stayingSafeRead')}
      </Link>
    </section>
  );
}
