import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/route-paths';
import { useTouchScreen } from '../../lib/touch-screen';

/** Settings section pointing to the 'Staying safe' page. */
export function StayingSafeSection() {
  const t = useT();
  const touch = useTouchScreen();
  return (
    <section className="card" aria-labelledby="settings-staying-safe">
      <h2 id="settings-staying-safe" className="settings-heading">
        {t('settings.stayingSafeHeading')}
      </h2>
      <p>
        {t(touch ? 'settings.stayingSafeIntroTouch' : 'settings.stayingSafeIntro')}
      </p>
      <Link className="btn btn-secondary" to={PATHS.stayingSafe}>
        {t('settings.stayingSafeRead')}
      </Link>
    </section>
  );
}
