import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { LoadingScreen } from '../../lib/loading-screen';
import { EmergencyWidget } from './emergency-widget';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

/** The signed-in frame: navigation bar, page, footer and the floating emergency button. */
export function AppLayout() {
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <Navbar />
      <main id="main-content" className="app-main" tabIndex={-1}>
        <Suspense fallback={<LoadingScreen label="Loading..." />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <EmergencyWidget />
    </div>
  );
}
