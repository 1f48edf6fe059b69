import { Link } from 'react-router-dom';
import { PATHS } from '../../lib/route-paths';

export default function NotFoundPage() {
  return (
    <main className="page not-found">
      <h1 className="page-title">Oops! Page not found.</h1>
      <p className="page-subtitle">The page you were looking for does not exist.</p>
      <Link className="btn btn-primary" to={PATHS.home}>
        Go to the home page
      </Link>
    </main>
  );
}
