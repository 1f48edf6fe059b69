import { createContext, useContext, type ReactNode } from 'react';
import { BUILT_IN_LANGUAGES } from './i18n/catalogue';
import LOCAL_DEFAULTS from './local-defaults.json';
import type { SignInNames } from './sign-in-name';

export type ResourceCategory = 'helpline' | 'shelter' | 'legal' | 'counseling' | 'medical';

/** A support resource: built in, or from the server's config (docs/product.md). */
export type Resource = {
  id: string;
  name: string;
  category: ResourceCategory;
  description: string;
  contact: string;
  hours: string;
  address?: string;
  website?: string;
};

/** A text the operator wrote: one for every language, or one per language code (lib/local-text.ts). */
export type LocalText = string | Readonly<Record<string, string>>;

/** One service to call in an emergency, with one or more numbers (config `local.emergency_contacts`). */
export type EmergencyContact = { label: LocalText; numbers: string[] };

/** The operator's country (config `[local]`): the numbers a survivor calls in danger. */
export type LocalFacts = {
  emergency_number: string;
  helpline_number: string;
  emergency_contacts: EmergencyContact[];
};

export type WeatherProvider = 'openweathermap' | 'open-meteo' | 'off';

/** Public, non-secret settings served by GET /api/config. */
export type AppConfig = {
  /**
   * The product's name. The server leaves it out of /api/config (which the offline worker keeps on the device)
   * while neither title names it; then this is the page title, and screens show `useProductName()` (hooks/product-name.ts).
   */
  product_name: string;
  /** Whether /api/config left the name out, so that the screens that show it ask for it apart. */
  name_withheld: boolean;
  /** The tab title of every screen of the app (config `site.page_title`): neutral, never the product name by default. */
  page_title: string;
  /** The sign-in screen's heading (config `site.sign_in_title`, the page title unless set). */
  sign_in_title: string;
  contact_email: string;
  /** null: use the built-in list. */
  resources: Resource[] | null;
  /** The operator's default language (config `site.default_language`). */
  default_language: string;
  /** Every language she can pick: the built-in ones and those the operator added. */
  languages: string[];
  /** Languages with an operator's catalogue at /api/locales/<code>.json. */
  operator_languages: string[];
  auth: {
    /** null: the embedded service at `${location.origin}/auth/v1`. */
    url: string | null;
    anon_key: string;
    google_enabled: boolean;
    /** Private sign-in names instead of e-mail addresses (config `auth.sign_in_names`); absent: 'allow'. */
    sign_in_names?: SignInNames;
    /** A sign-up with an e-mail address waits for the link in a confirmation e-mail (`[email]` set up). */
    confirm_email?: boolean;
  };
  /** default_city: the city the weather disguise opens on (the operator's choice). */
  weather: { provider: WeatherProvider; default_city: string };
  /** Neutral pages the quick exit leaves for (config `safety.exit_destinations`). */
  safety: { exit_destinations: string[] };
  local: LocalFacts;
  /** Whether the server keeps the encrypted copy (config `[copy] enabled`); off, the browser never asks for it. */
  copy: { enabled: boolean };
};

/** The server's default exit pages, used until /api/config has answered. */
export const DEFAULT_EXIT_DESTINATIONS = [
  'https://duckduckgo.com/',
  'https://www.wikipedia.org/',
  'https://www.yr.no/en',
];

/** Used when /api/config cannot be fetched or parsed, and by default in unit tests. */
export const DEFAULT_CONFIG: AppConfig = {
  product_name: 'Solace',
  name_withheld: false,
  page_title: 'Welcome',
  sign_in_title: 'Welcome',
  contact_email: '',
  resources: null,
  default_language: 'en',
  languages: [...BUILT_IN_LANGUAGES],
  operator_languages: [],
  auth: { url: null, anon_key: '', google_enabled: false, sign_in_names: 'allow' },
  weather: { provider: 'open-meteo', default_city: 'Delhi' },
  safety: { exit_destinations: DEFAULT_EXIT_DESTINATIONS },
  // The server's own defaults (the same file), used only when /api/config cannot be read.
  local: LOCAL_DEFAULTS,
  // Unknown until /api/config answers: nothing is asked of a copy that may not exist.
  copy: { enabled: false },
};

const AppConfigContext = createContext<AppConfig>(DEFAULT_CONFIG);

export function AppConfigProvider({ value, children }: { value: AppConfig; children: ReactNode }) {
  return <AppConfigContext.Provider value={value}>{children}</AppConfigContext.Provider>;
}

/** The app's configuration (DEFAULT_CONFIG outside a provider). */
export function useAppConfig(): AppConfig {
  return useContext(AppConfigContext);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

const CATEGORIES: readonly string[] = ['helpline', 'shelter', 'legal', 'counseling', 'medical'];

function parseResource(v: unknown): Resource | null {
  if (!isObject(v)) return null;
  const { id, name, category, description, contact, hours, address, website } = v;
  if (
    (typeof id !== 'string' && typeof id !== 'number') ||
    typeof name !== 'string' ||
    typeof category !== 'string' ||
    !CATEGORIES.includes(category) ||
    typeof description !== 'string' ||
    typeof contact !== 'string' ||
    typeof hours !== 'string'
  ) {
    return null;
  }
  const r: Resource = {
    id: String(id),
    name,
    category: category as ResourceCategory,
    description,
    contact,
    hours,
  };
  if (typeof address === 'string' && address) r.address = address;
  if (typeof website === 'string' && website) r.website = website;
  return r;
}

function codes(v: unknown, fallback: string[]): string[] {
  if (!Array.isArray(v)) return fallback;
  const list = v.filter((c): c is string => typeof c === 'string' && /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/.test(c));
  return list.length > 0 ? list : fallback;
}

function parseLocalText(v: unknown): LocalText | null {
  if (typeof v === 'string') return v.trim() ? v : null;
  if (!isObject(v)) return null;
  const entries = Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string' && !!e[1].trim());
  return entries.length > 0 ? Object.fromEntries(entries) : null;
}

function parseLocal(v: unknown): LocalFacts {
  const d = DEFAULT_CONFIG.local;
  if (!isObject(v)) return d;
  const number = (n: unknown, fallback: string) => (typeof n === 'string' && /\d/.test(n) ? n : fallback);
  const contacts = Array.isArray(v.emergency_contacts)
    ? v.emergency_contacts.flatMap((c) => {
        if (!isObject(c) || !Array.isArray(c.numbers)) return [];
        const label = parseLocalText(c.label);
        const numbers = c.numbers.filter((n): n is string => typeof n === 'string' && /\d/.test(n));
        return label && numbers.length > 0 ? [{ label, numbers }] : [];
      })
    : [];
  return {
    emergency_number: number(v.emergency_number, d.emergency_number),
    helpline_number: number(v.helpline_number, d.helpline_number),
    emergency_contacts: contacts.length > 0 ? contacts : d.emergency_contacts,
  };
}

/** Turns whatever /api/config returned into a complete AppConfig, field by field falling back to defaults. */
export function normalizeConfig(body: unknown): AppConfig {
  if (!isObject(body)) return DEFAULT_CONFIG;
  const d = DEFAULT_CONFIG;
  const auth = isObject(body.auth) ? body.auth : {};
  const weather = isObject(body.weather) ? body.weather : {};
  const provider = weather.provider;
  const safety = isObject(body.safety) ? body.safety : {};
  const exits = Array.isArray(safety.exit_destinations)
    ? safety.exit_destinations.filter((u): u is string => typeof u === 'string' && /^https?:\/\//.test(u))
    : [];
  let resources: Resource[] | null = null;
  if (Array.isArray(body.resources)) {
    resources = body.resources.map(parseResource).filter((r): r is Resource => r !== null);
  }
  const pageTitle = typeof body.page_title === 'string' && body.page_title.trim() ? body.page_title.trim() : d.page_title;
  const named = typeof body.product_name === 'string' && body.product_name.trim() !== '';
  return {
    product_name: named ? (body.product_name as string) : pageTitle,
    name_withheld: !named,
    page_title: pageTitle,
    sign_in_title:
      typeof body.sign_in_title === 'string' && body.sign_in_title.trim() ? body.sign_in_title.trim() : pageTitle,
    contact_email: typeof body.contact_email === 'string' ? body.contact_email : d.contact_email,
    resources,
    default_language:
      typeof body.default_language === 'string' && body.default_language ? body.default_language : d.default_language,
    languages: codes(body.languages, d.languages),
    operator_languages: codes(body.operator_languages, []),
    auth: {
      url: typeof auth.url === 'string' && auth.url ? auth.url : null,
      anon_key: typeof auth.anon_key === 'string' ? auth.anon_key : '',
      google_enabled: auth.google_enabled === true,
      sign_in_names: auth.sign_in_names === 'require' || auth.sign_in_names === 'off' ? auth.sign_in_names : 'allow',
      confirm_email: auth.confirm_email === true,
    },
    weather: {
      provider:
        provider === 'openweathermap' || provider === 'open-meteo' || provider === 'off'
          ? provider
          : d.weather.provider,
      default_city:
        typeof weather.default_city === 'string' && weather.default_city.trim()
          ? weather.default_city.trim()
          : d.weather.default_city,
    },
    safety: { exit_destinations: exits.length > 0 ? exits : d.safety.exit_destinations },
    local: parseLocal(body.local),
    copy: { enabled: isObject(body.copy) && body.copy.enabled === true },
  };
}

/** The product's name from `/api/config/name` (never kept by the browser), or null when it cannot be had. */
export async function fetchProductName(fetchImpl: typeof fetch = fetch): Promise<string | null> {
  try {
    const res = await fetchImpl('/api/config/name', { headers: { Accept: 'application/json' } });
    if (!res.ok) return null;
    const body = (await res.json()) as unknown;
    const name = isObject(body) ? body.product_name : null;
    return typeof name === 'string' && name.trim() ? name : null;
  } catch {
    return null;
  }
}

/** Fetches /api/config once; any failure gives DEFAULT_CONFIG so the app still works. */
export async function fetchAppConfig(fetchImpl: typeof fetch = fetch): Promise<AppConfig> {
  try {
    const res = await fetchImpl('/api/config', { headers: { Accept: 'application/json' } });
    if (!res.ok) return DEFAULT_CONFIG;
    return normalizeConfig(await res.json());
  } catch {
    return DEFAULT_CONFIG;
  }
}
