// Every route path of the app, in one place: router, guards, navigation, links and disguises read them here.
export const PATHS = {
  auth: '/auth',
  home: '/',
  journal: '/journal',
  affirmations: '/affirmations',
  resources: '/resources',
  safetyPlan: '/safety-plan',
  mood: '/mood',
  incidents: '/incidents',
  checkin: '/check-in',
  settings: '/settings',
  weather: '/weather',
  notes: '/notes',
  stayingSafe: '/staying-safe',
  /** The advocates' own area: linked from nowhere in her app (docs/advocates.md). */
  advocate: '/advocate',
  /** The operator's console: linked from nowhere; the server opens it only to the allowed networks (docs/operator.md). */
  operator: '/operator',
} as const;

/**
 * The staff areas (the advocates' area, the operator's console): used on staff's own devices, never hers, so their
 * address stays in the bar and the idle lock lands on their own sign-in rather than a disguise.
 */
export function isStaffPath(pathname: string): boolean {
  return [PATHS.advocate, PATHS.operator].some((area) => pathname === area || pathname.startsWith(`${area}/`));
}

export function isDisguisePath(pathname: string): boolean {
  return pathname === PATHS.weather || pathname === PATHS.notes;
}
