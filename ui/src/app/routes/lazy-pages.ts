import { lazy } from 'react';
import { PATHS } from '../../lib/route-paths';

// Every page is its own chunk, fetched when first needed.
const loaders = {
  auth: () => import('../../features/auth'),
  home: () => import('../../features/home'),
  journal: () => import('../../features/journal'),
  affirmations: () => import('../../features/affirmations'),
  resources: () => import('../../features/resources'),
  safetyPlan: () => import('../../features/safety-plan'),
  mood: () => import('../../features/mood'),
  incidents: () => import('../../features/incidents'),
  checkin: () => import('../../features/checkin'),
  settings: () => import('../../features/settings'),
  weather: () => import('../../features/disguise-weather'),
  notes: () => import('../../features/disguise-notes'),
  notFound: () => import('../pages/not-found-page'),
  stayingSafe: () => import('../../features/staying-safe'),
  advocate: () => import('../../features/advocate'),
};

export const AuthPage = lazy(loaders.auth);
export const NewPasswordPage = lazy(() => loaders.auth().then((m) => ({ default: m.NewPasswordPage })));
export const TwoStepCodePage = lazy(() => loaders.auth().then((m) => ({ default: m.TwoStepCodePage })));
export const HomePage = lazy(loaders.home);
export const JournalPage = lazy(loaders.journal);
export const AffirmationsPage = lazy(loaders.affirmations);
export const ResourcesPage = lazy(loaders.resources);
export const SafetyPlanPage = lazy(loaders.safetyPlan);
export const MoodPage = lazy(loaders.mood);
export const IncidentsPage = lazy(loaders.incidents);
export const CheckinPage = lazy(loaders.checkin);
export const SettingsPage = lazy(loaders.settings);
export const WeatherPage = lazy(loaders.weather);
export const NotesPage = lazy(loaders.notes);
export const NotFoundPage = lazy(loaders.notFound);
export const StayingSafePage = lazy(loaders.stayingSafe);
export const AdvocatePage = lazy(loaders.advocate);

const byPath: Record<string, () => Promise<unknown>> = {
  [PATHS.auth]: loaders.auth,
  [PATHS.home]: loaders.home,
  [PATHS.journal]: loaders.journal,
  [PATHS.affirmations]: loaders.affirmations,
  [PATHS.resources]: loaders.resources,
  [PATHS.safetyPlan]: loaders.safetyPlan,
  [PATHS.mood]: loaders.mood,
  [PATHS.incidents]: loaders.incidents,
  [PATHS.checkin]: loaders.checkin,
  [PATHS.settings]: loaders.settings,
  [PATHS.advocate]: loaders.advocate,
  [PATHS.weather]: loaders.weather,
  [PATHS.notes]: loaders.notes,
};

/** Starts fetching the current page's chunk while config and session load (the browser caches the module). */
export function preloadPage(pathname: string): void {
  const load = byPath[pathname.replace(/\/+$/, '') || '/'];
  if (load) void load().catch(() => undefined);
}
