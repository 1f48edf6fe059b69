import { Link } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { PATHS } from '../../lib/route-paths';

export default function NotFoundPage() {
  const t = useT();
  return (
    <main className="page not-found">
      <h1 className="page-title">{t('layout.notFoundTitle')}</h1>
      <p className="page-subtitle">{t('layout.notFoundText')}</p>
      <Link className="btn btn-primary" to={PATHS.home}>
        {t('layout.notFoundHome')}
      </Link>
    </main>
  );
}
