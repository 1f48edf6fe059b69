import { Suspense } from 'react';
import { Outlet, Route, Routes, useLocation } from 'react-router-dom';
import { LoadingScreen } from '../lib/loading-screen';
import { PanicProvider } from '../lib/panic';
import { AppLayout } from './layout/app-layout';
import { RequireAuth, RequireDisguise, RequireSignedOut } from './routes/guards';
import * as Pages from './routes/lazy-pages';
import { isDisguisePath } from './routes/route-paths';

function RootShell() {
  const { pathname } = useLocation();
  return (
    <PanicProvider>
      <Suspense fallback={<LoadingScreen label="Loading..." quiet={isDisguisePath(pathname)} />}>
        <Outlet />
      </Suspense>
    </PanicProvider>
  );
}

/** Routes of SPEC.md §2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootShell />}>
        <Route
          path="/auth"
          element={
            <RequireSignedOut>
              <Pages.AuthPage />
            </RequireSignedOut>
          }
        />
        <Route
          path="/"
          element={
            <RequireAuth>
              <AppLayout />
            </RequireAuth>
          }
        >
          <Route index element={<Pages.HomePage />} />
          <Route path="journal" element={<Pages.JournalPage />} />
          <Route path="resources" element={<Pages.ResourcesPage />} />
          <Route path="safety-plan" element={<Pages.SafetyPlanPage />} />
          <Route path="mood" element={<Pages.MoodPage />} />
          <Route path="settings" element={<Pages.SettingsPage />} />
          <Route path="affirmations" element={<Pages.AffirmationsPage />} />
        </Route>
        <Route
          path="/weather"
          element={
            <RequireDisguise>
              <Pages.WeatherPage />
            </RequireDisguise>
          }
        />
        <Route
          path="/notes"
          element={
            <RequireDisguise>
              <Pages.NotesPage />
            </RequireDisguise>
          }
        />
        {/* Signed in or not: reachable from Settings and from the sign-in screen. */}
        <Route path="/staying-safe" element={<Pages.StayingSafePage />} />
        <Route path="*" element={<Pages.NotFoundPage />} />
      </Route>
    </Routes>
  );
}
