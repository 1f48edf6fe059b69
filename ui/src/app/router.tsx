import { lazy, Suspense, useEffect } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { useT } from '../lib/i18n';
import { LoadingScreen } from '../components/loading-screen';
import { useDisguiseLock } from '../hooks/disguise-lock';
import { PanicProvider } from '../providers/panic';
import { setQuickExitLanguage } from '../lib/quick-exit-keyboard';
import { AppLayout } from './layout/app-layout';
import { RequireAuth, RequireDisguise, RequireSignedOut } from './routes/guards';
import * as Pages from './routes/lazy-pages';
import { isDisguisePath, PATHS } from '../lib/route-paths';
import { OFFLINE_PARTS } from './offline-parts';

// The encrypted store is needed only once signed in: its own chunk keeps the sign-in page light.
const VaultGate = lazy(() => import('../components/vault/vault-gate').then((m) => ({ default: m.VaultGate })));

function RootShell() {
  const { pathname } = useLocation();
  const t = useT();
  const lockRecords = useDisguiseLock();
  useEffect(() => setQuickExitLanguage(t), [t]);
  return (
    <PanicProvider onEnter={lockRecords}>
      <Suspense fallback={<LoadingScreen label={t('common.loading')} quiet={isDisguisePath(pathname)} />}>
        <Outlet />
      </Suspense>
    </PanicProvider>
  );
}

/** The app's routes (docs/product.md, "Screens and routes"). */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootShell />}>
        <Route
          path={PATHS.auth}
          element={
            <RequireSignedOut>
              <Pages.AuthPage />
            </RequireSignedOut>
          }
        />
        <Route
          path={PATHS.home}
          element={
            <RequireAuth>
              <VaultGate offline={OFFLINE_PARTS}>
                <AppLayout />
              </VaultGate>
            </RequireAuth>
          }
        >
          <Route index element={<Pages.HomePage />} />
          <Route path={PATHS.journal} element={<Pages.JournalPage />} />
          <Route path={PATHS.resources} element={<Pages.ResourcesPage />} />
          <Route path={PATHS.safetyPlan} element={<Pages.SafetyPlanPage />} />
          <Route path={PATHS.mood} element={<Pages.MoodPage />} />
          <Route path={PATHS.incidents} element={<Pages.IncidentsPage />} />
          <Route path={PATHS.checkin} element={<Pages.CheckinPage />} />
          <Route path={PATHS.settings} element={<Pages.SettingsPage />} />
          <Route path={PATHS.affirmations} element={<Pages.AffirmationsPage />} />
        </Route>
        <Route
          path={PATHS.weather}
          element={
            <RequireDisguise>
              <Pages.WeatherPage />
            </RequireDisguise>
          }
        />
        <Route
          path={PATHS.notes}
          element={
            <RequireDisguise>
              <Pages.NotesPage />
            </RequireDisguise>
          }
        />
        {/* Signed in or not: reachable from Settings and from the sign-in screen. */}
        <Route path={PATHS.stayingSafe} element={<Pages.StayingSafePage />} />
        {/* Advocates only: the area checks its own sign-in and set-up steps. */}
        <Route path={PATHS.advocate} element={<Pages.AdvocatePage />} />
        {/* Operators only: the console checks its own sign-in and set-up steps, like the advocates' area. */}
        <Route path={PATHS.operator} element={<Pages.OperatorPage />} />
        <Route path="*" element={<Pages.NotFoundPage />} />
      </Route>
    </Routes>
  );
}
