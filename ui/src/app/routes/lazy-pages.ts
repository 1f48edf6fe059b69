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
  operator: () => import('../../features/operator'),
};

// A page is drawn in a task of its own after the frame around it, also when its code is already here (preloaded):
// drawn together, they made one long task that held a slow phone (bench/RESULTS.md, Lighthouse on /weather).
const inNextTask = <T>(value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), 0));
const page = <T>(load: () => Promise<T>) => () => load().then(inNextTask);

export const AuthPage = lazy(page(loaders.auth));
export const NewPasswordPage = lazy(page(() => loaders.auth().then((m) => ({ default: m.NewPasswordPage }))));
export const TwoStepCodePage = lazy(page(() => loaders.auth().then((m) => ({ default: m.TwoStepCodePage }))));
export const HomePage = lazy(page(loaders.home));
export const JournalPage = lazy(page(loaders.journal));
export const AffirmationsPage = lazy(page(loaders.affirmations));
export const ResourcesPage = lazy(page(loaders.resources));
export const SafetyPlanPage = lazy(page(loaders.safetyPlan));
export const MoodPage = lazy(page(loaders.mood));
export const IncidentsPage = lazy(page(loaders.incidents));
export const CheckinPage = lazy(page(loaders.checkin));
export const SettingsPage = lazy(page(loaders.settings));
export const WeatherPage = lazy(page(loaders.weather));
export const NotesPage = lazy(page(loaders.notes));
export const NotFoundPage = lazy(page(loaders.notFound));
export const StayingSafePage = lazy(page(loaders.stayingSafe));
export const AdvocatePage = lazy(page(loaders.advocate));
export const OperatorPage = lazy(page(loaders.operator));

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
  [PATHS.operator]: loaders.operator,
  [PATHS.weather]: loaders.weather,
  [PATHS.notes]: loaders.notes,
};

/** Starts fetching the current page's chunk while config and session load (the browser caches the module). */
export function preloadPage(pathname: string): void {
  const load = byPath[pathname.replace(/\/+$/, '') || '/'];
  if (load) void load().catch(() => undefined);
}
