import { Suspense } from 'react';
import { Outlet } from 'react-router-dom';
import { useT } from '../../lib/i18n';
import { LoadingScreen } from '../../components/loading-screen';
import { CheckinReminder } from './checkin-reminder';
import { EmergencyWidget } from './emergency-widget';
import { Footer } from './footer';
import { Navbar } from './navbar';
import './layout.css';

/** The signed-in frame: navigation bar, page, footer and the floating emergency button. */
export function AppLayout() {
  const t = useT();
  return (
    <div className="app-shell">
      <a className="skip-link" href="#main-content">
        {t('layout.skipToContent')}
      </a>
      <Navbar />
      <main id="main-content" className="app-main" tabIndex={-1}>
        <CheckinReminder />
        <Suspense fallback={<LoadingScreen label={t('common.loading')} />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <EmergencyWidget />
    </div>
  );
}
