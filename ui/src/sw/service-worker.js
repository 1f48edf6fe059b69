// The offline app shell. One build = one versioned set of files: the build writes the list below (every file
// of the build, hashed names included, and the server's three pages), the worker fetches all of it fresh into a
// cache named after the version, all or nothing, and serves the app from it. Nothing personal is ever kept:
// the sign-in service (/auth/v1) and the API are passed through untouched, except the operator's public
// settings: /api/config and the operator's own language files (/api/locales/<code>.json). Plain JavaScript, copied as it is by the build (see service-worker-plugin.ts).

/* The build replaces the next expression with { version, files }. */
const PRECACHE = self.__PRECACHE_MANIFEST__;

const PREFIX = 'app-shell-';
const CACHE = PREFIX + PRECACHE.version;
const FILES = new Set(PRECACHE.files);
// The server makes these pages; fetched without cookies, each is the same for every device.
const PAGES = { weather: '/weather', notes: '/notes', app: '/index.html' };
const CONFIG = '/api/config';
const isPublicSetting = (pathname) => pathname === CONFIG || /^\/api\/locales\/[\w-]+\.json$/.test(pathname);
// The cookie the app keeps while the device is disguised (lib/disguise-mode.ts).
const DISGUISE_COOKIE = 'view-mode';
/* The build replaces the next expression with the disguises' tab titles (lib/disguise-titles.json). */
const DISGUISE_TITLES = self.__DISGUISE_TITLES__;

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // The operator's public settings too, so the first screen offline looks as it does online.
      const urls = [...FILES, ...Object.values(PAGES), CONFIG];
      // addAll stores nothing unless every file arrived. A hashed file's name changes with its content, so the
      // browser's copy of it is the right one (no second download of what the page just loaded); every other file
      // is checked with the server (`no-cache`), so no older copy slips into the set.
      const request = (url) =>
        new Request(url, { cache: url.startsWith('/assets/') ? 'default' : 'no-cache', credentials: 'omit' });
      await cache.addAll(urls.map(request));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // The version just before this one stays for pages still running it (the files they load later must come
      // from their own set); any older one goes. Cache names list in the order they were made.
      const older = (await caches.keys()).filter((k) => k.startsWith(PREFIX) && k !== CACHE);
      await Promise.all(older.slice(0, -1).map((k) => caches.delete(k)));
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const req = event.request;
  if (req.method !== 'GET' || req.headers.has('range')) return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  // Sign-in and personal data go to the network, never near a cache.
  if (url.pathname.startsWith('/auth/v1/')) return;
  if (url.pathname.startsWith('/api/') && !isPublicSetting(url.pathname)) return;
  if (req.mode === 'navigate') {
    event.respondWith(page(req, url));
  } else if (isPublicSetting(url.pathname)) {
    event.respondWith(publicSetting(req, url.pathname));
  } else if (FILES.has(url.pathname) || url.pathname.startsWith('/assets/')) {
    event.respondWith(file(req, url));
  }
});

/** Pages from the network first (the server picks the disguise from the cookie); offline, the kept copy. */
async function page(req, url) {
  try {
    return await fetch(req);
  } catch (err) {
    const cache = await caches.open(CACHE);
    const kind = disguiseOfPath(url.pathname) ?? (await disguiseOfDevice());
    const kept = await cache.match(kind ? PAGES[kind] : PAGES.app);
    if (kept) return kept;
    throw err;
  }
}

function disguiseOfPath(pathname) {
  const p = pathname.replace(/\/+$/, '');
  if (p === PAGES.weather) return 'weather';
  if (p === PAGES.notes) return 'notes';
  return null;
}

/** A disguised device gets the disguise's page offline too, so not even the loading tab names the app. */
async function disguiseOfDevice() {
  try {
    const cookie = await self.cookieStore?.get(DISGUISE_COOKIE);
    return cookie && (cookie.value === 'weather' || cookie.value === 'notes') ? cookie.value : null;
  } catch {
    return null;
  }
}

/** A file of the build: from this version's set; a page still on the version before finds its own there. */
async function file(req, url) {
  const own = await (await caches.open(CACHE)).match(url.pathname);
  if (own) return own;
  const names = (await caches.keys()).filter((k) => k.startsWith(PREFIX)).reverse();
  for (const name of names) {
    const kept = await (await caches.open(name)).match(url.pathname);
    if (kept) return kept;
  }
  return fetch(req);
}

/** The operator's public settings and language files: fresh when online, the last copy offline. */
async function publicSetting(req, pathname) {
  const cache = await caches.open(CACHE);
  try {
    const res = await fetch(req);
    if (res.ok) await cache.put(pathname, res.clone());
    return res;
  } catch (err) {
    const kept = await cache.match(pathname);
    if (kept) return kept;
    throw err;
  }
}

// The end of a session left by a quick exit made offline (lib/offline-exit.ts, handEndToWorker): kept in a cache of
// its own (only the SHA-256 of the refresh token, which signs nobody in) and sent when the network is back, by
// Background Sync where the browser has it, so the session ends without the app being opened again. Elsewhere
// the app's next opening sends it.
const ENDS = 'pending';
const END_TAG = 'pending-end';

self.addEventListener('message', (event) => {
  const m = event.data;
  if (!m || m.kind !== 'end-later' || typeof m.hash !== 'string' || !/^[0-9a-f]{64}$/.test(m.hash)) return;
  if (typeof m.url !== 'string' || !/^https?:\/\//.test(m.url)) return;
  event.waitUntil(
    (async () => {
      const end = { url: m.url, anonKey: typeof m.anonKey === 'string' ? m.anonKey : '', hash: m.hash };
      await (await caches.open(ENDS)).put(`/pending/${m.hash}`, new Response(JSON.stringify(end)));
      await self.registration.sync?.register(END_TAG);
    })(),
  );
});

self.addEventListener('sync', (event) => {
  if (event.tag === END_TAG) event.waitUntil(sendEnds());
});

/** Sends every kept end; one that fails for want of a network rejects, and the browser tries again later. */
async function sendEnds() {
  const cache = await caches.open(ENDS);
  for (const req of await cache.keys()) {
    const end = await (await cache.match(req)).json();
    const headers = { 'content-type': 'application/json' };
    if (end.anonKey) headers.apikey = end.anonKey;
    const res = await fetch(end.url, { method: 'POST', headers, body: JSON.stringify({ refresh_token_hash: end.hash }) });
    if (res.status >= 500) throw new Error('The server could not end the session yet.');
    // Answered (a server that does not know the call never will): forgotten.
    await cache.delete(req);
  }
}

// Web Push (docs/checkin.md, "Web Push"). The server's messages are neutral ({kind, body}: "You have a
// reminder"); the title is the name the device shows: the disguise's while disguised, else the operator's
// neutral tab title. Nothing here names the app or what the message is about.
self.addEventListener('push', (event) => {
  event.waitUntil(
    (async () => {
      let message;
      try {
        message = event.data ? event.data.json() : {};
      } catch {
        message = {};
      }
      const body = typeof message.body === 'string' && message.body ? message.body : 'You have a reminder';
      await self.registration.showNotification(await neutralTitle(), {
        body,
        // One at a time: a newer reminder replaces the older one.
        tag: 'reminder',
        renotify: true,
      });
    })(),
  );
});

/** Opens the app where the device opens it (the disguise's page while disguised), never a page naming it. */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(
    (async () => {
      const kind = await disguiseOfDevice();
      const own = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = own.find((c) => new URL(c.url).origin === self.location.origin);
      if (open) return open.focus();
      return self.clients.openWindow(kind === 'weather' ? PAGES.weather : kind === 'notes' ? PAGES.notes : '/');
    })(),
  );
});

async function neutralTitle() {
  const kind = await disguiseOfDevice();
  if (kind && DISGUISE_TITLES[kind]) return DISGUISE_TITLES[kind];
  try {
    const kept = await (await caches.open(CACHE)).match(CONFIG);
    const title = kept ? (await kept.json()).page_title : null;
    if (typeof title === 'string' && title.trim()) return title.trim();
  } catch {
    // no kept settings: the plain word below
  }
  return 'Reminder';
}
