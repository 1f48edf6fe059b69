// The one stand-in for the weather services, shared by every suite: the browser tests (ui/e2e) start it
// in-process, the Rust tests (tests/integration/weather_standin) and bench/weather.sh as a program. It speaks
// OpenWeatherMap (/data/2.5/weather and /data/2.5/forecast; 404 `{"cod":"404","message":"city not found"}`
// for any other city) and Open-Meteo (geocoding /v1/search, forecast /v1/forecast) in their real wire
// formats for a few known cities, records every request so tests can see what the binary asked for, and
// can answer after a pause, as a real upstream does.
//
// As a program: `node tests/support/weather-stand-in.mjs [--port N] [--pause-ms N]` prints its address on
// the first line of its output. Then:
//   GET /__calls     how many requests reached the services (POST /__calls resets the count);
//   GET /__requests  every request as JSON ({ path, query, userAgent });
//   POST /__routes   a test's own answers instead of the known cities: a JSON list of
//                    { path?, params?: { name: "value" | true (present) | false (absent) },
//                      reply: { status, body, delayMs?, hang? } }; the first route that matches answers,
//                    `hang` accepts the request and never answers, nothing matching is a 404.
// Node built-ins only.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

export const API_KEY = 'stand-in-key';

/** Known cities: what the current-weather answer says, and what the UI should show for it. */
export const CITIES = {
  delhi: {
    name: 'Delhi',
    country: 'IN',
    timezone: 19800, // UTC+5:30
    coord: { lon: 77.2167, lat: 28.6667 },
    id: 1273294,
    current: { temp: 30.6, feels_like: 34.9, humidity: 40, wind: 3.6, weather: [804, 'Clouds', 'overcast clouds', '04d'] },
    // The UI shows: 31°C, feels like 35°C, wind 13 km/h (3.6 m/s x 3.6), humidity 40%.
    forecastBase: 20, // slot i is forecastBase + i + 0.4 °C
    forecastWeather: [800, 'Clear', 'clear sky', '01d'],
    omBase: 24, // Open-Meteo: see omForecast
    omCode: 3,
  },
  london: {
    name: 'London',
    country: 'GB',
    timezone: 0,
    coord: { lon: -0.1257, lat: 51.5085 },
    id: 2643743,
    current: { temp: 8.2, feels_like: 5.9, humidity: 87, wind: 5, weather: [500, 'Rain', 'light rain', '10d'] },
    // The UI shows: 8°C, feels like 6°C, wind 18 km/h, humidity 87%.
    forecastBase: 5,
    forecastWeather: [500, 'Rain', 'light rain', '10d'],
    omBase: 4,
    omCode: 61,
  },
};

/** Sunrise and sunset the stand-in reports for every city, in its local time. */
export const SUNRISE = '06:12';
export const SUNSET = '17:48';
const SUNRISE_SECS = 6 * 3600 + 12 * 60;
const SUNSET_SECS = 17 * 3600 + 48 * 60;

/** The instant (Unix seconds) of local midnight today in a city `tz` seconds east of UTC. */
export function localMidnight(now, tz) {
  return Math.floor((now + tz) / 86400) * 86400 - tz;
}

const NOT_FOUND = { cod: '404', message: 'city not found' };
const BAD_KEY = {
  cod: 401,
  message: 'Invalid API key. Please see the FAQ for more info.',
};

function cityFor(query) {
  const q = (query ?? '').split(',')[0].trim().toLowerCase();
  return CITIES[q] ?? null;
}

function currentBody(c, now) {
  const [id, main, description, icon] = c.current.weather;
  return {
    coord: c.coord,
    weather: [{ id, main, description, icon }],
    base: 'stations',
    main: {
      temp: c.current.temp,
      feels_like: c.current.feels_like,
      temp_min: c.current.temp - 0.5,
      temp_max: c.current.temp + 0.5,
      pressure: 1004,
      humidity: c.current.humidity,
      sea_level: 1004,
      grnd_level: 979,
    },
    visibility: 4000,
    wind: { speed: c.current.wind, deg: 290 },
    clouds: { all: 100 },
    dt: now,
    sys: { type: 1, id: 9165, country: c.country, sunrise: now - 6 * 3600, sunset: now + 5 * 3600 },
    timezone: c.timezone,
    id: c.id,
    name: c.name,
    cod: 200,
  };
}

function pad(n) {
  return String(n).padStart(2, '0');
}

function dtTxt(unix) {
  const d = new Date(unix * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:00:00`;
}

/** Forty three-hourly slots (five days) from the current three-hour boundary, as OpenWeatherMap sends them. */
function forecastBody(c, now) {
  const start = Math.floor(now / 10800) * 10800 + 10800;
  const [id, main, description, icon] = c.forecastWeather;
  const list = Array.from({ length: 40 }, (_, i) => {
    const dt = start + i * 10800;
    const temp = c.forecastBase + i + 0.4;
    return {
      dt,
      main: {
        temp,
        feels_like: temp - 1,
        temp_min: temp - 1,
        temp_max: temp + 1,
        pressure: 1012,
        sea_level: 1012,
        grnd_level: 990,
        humidity: 50,
        temp_kf: 0,
      },
      weather: [{ id, main, description, icon }],
      clouds: { all: 0 },
      wind: { speed: 2.1, deg: 300, gust: 3 },
      visibility: 10000,
      pop: (i % 4) * 0.25,
      sys: { pod: 'd' },
      dt_txt: dtTxt(dt),
    };
  });
  return {
    cod: '200',
    message: 0,
    cnt: list.length,
    list,
    city: {
      id: c.id,
      name: c.name,
      coord: c.coord,
      country: c.country,
      population: 0,
      timezone: c.timezone,
      sunrise: localMidnight(now, c.timezone) + SUNRISE_SECS,
      sunset: localMidnight(now, c.timezone) + SUNSET_SECS,
    },
  };
}

// ---- Open-Meteo ----

function omPlace(c) {
  return {
    results: [
      {
        id: c.id,
        name: c.name,
        latitude: c.coord.lat,
        longitude: c.coord.lon,
        elevation: 220,
        feature_code: 'PPLC',
        country_code: c.country,
        timezone: 'Etc/Stand-in',
        population: 0,
        country: c.name,
      },
    ],
    generationtime_ms: 0.5,
  };
}

function omCurrent(c, now) {
  return {
    latitude: c.coord.lat,
    longitude: c.coord.lon,
    generationtime_ms: 0.05,
    utc_offset_seconds: c.timezone,
    timezone: 'Etc/Stand-in',
    timezone_abbreviation: 'GMT',
    elevation: 220,
    current_units: { time: 'unixtime', interval: 'seconds', temperature_2m: '°C' },
    current: {
      time: now,
      interval: 900,
      temperature_2m: c.current.temp,
      relative_humidity_2m: c.current.humidity,
      apparent_temperature: c.current.feels_like,
      is_day: 1,
      weather_code: c.omCode,
      wind_speed_10m: c.current.wind,
    },
  };
}

/**
 * Six local days of hours: hour h of day d is `omBase + d + h/2` °C (so a day's low is `omBase + d` at
 * 00:00 and its high `omBase + d + 11.5` at 23:00), a `(h % 10) * 10` % chance of precipitation.
 */
function omForecast(c, now) {
  const start = localMidnight(now, c.timezone);
  const n = 6 * 24;
  const time = Array.from({ length: n }, (_, i) => start + i * 3600);
  const temp = time.map((_, i) => c.omBase + Math.floor(i / 24) + (i % 24) / 2);
  const days = Array.from({ length: 6 }, (_, d) => start + d * 86400);
  return {
    latitude: c.coord.lat,
    longitude: c.coord.lon,
    generationtime_ms: 0.1,
    utc_offset_seconds: c.timezone,
    timezone: 'Etc/Stand-in',
    timezone_abbreviation: 'GMT',
    elevation: 220,
    current_units: { time: 'unixtime', interval: 'seconds', weather_code: 'wmo code' },
    current: { time: now, interval: 900, weather_code: c.omCode },
    hourly_units: { time: 'unixtime', temperature_2m: '°C', weather_code: 'wmo code', is_day: '', precipitation_probability: '%' },
    hourly: {
      time,
      temperature_2m: temp,
      weather_code: time.map(() => c.omCode),
      is_day: time.map((_, i) => (i % 24 >= 6 && i % 24 < 18 ? 1 : 0)),
      precipitation_probability: time.map((_, i) => (i % 10) * 10),
    },
    daily_units: { time: 'unixtime', temperature_2m_max: '°C', temperature_2m_min: '°C', sunrise: 'unixtime', sunset: 'unixtime' },
    daily: {
      time: days,
      temperature_2m_max: days.map((_, d) => c.omBase + d + 11.5),
      temperature_2m_min: days.map((_, d) => c.omBase + d),
      sunrise: days.map((t) => t + SUNRISE_SECS),
      sunset: days.map((t) => t + SUNSET_SECS),
      precipitation_probability_max: days.map((_, d) => 90 - d * 10),
    },
  };
}

/** Whether a request's path and query are what `route` asks for. */
function matches(route, url) {
  if (route.path != null && route.path !== url.pathname) return false;
  return Object.entries(route.params ?? {}).every(([name, want]) => {
    const got = url.searchParams.get(name);
    if (want === true) return got !== null;
    if (want === false) return got === null;
    return got === want;
  });
}

/** Starts the stand-in on 127.0.0.1 (on `port`, or a free one); every answer waits `pauseMs` first. */
export async function startWeatherStandIn({ port: wanted = 0, pauseMs = 0 } = {}) {
  const requests = [];
  /** City name -> the `dt` of slot 0 in the first forecast sent for it (the binary caches what it gets). */
  const forecastStarts = {};
  /** City name -> the `current.time` of the first Open-Meteo forecast sent for it. */
  const omNow = {};
  /** A test's own answers (POST /__routes); null: the known cities. */
  let routes = null;
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    if (url.pathname === '/__calls') {
      if (req.method === 'POST') requests.length = 0;
      res.writeHead(200, { 'content-type': 'text/plain' }).end(String(requests.length));
      return;
    }
    if (url.pathname === '/__requests') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(requests));
      return;
    }
    if (url.pathname === '/__routes') {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        routes = JSON.parse(body);
        res.writeHead(200, { 'content-type': 'application/json' }).end(body);
      });
      return;
    }
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams), userAgent: req.headers['user-agent'] ?? '' });
    if (routes) {
      const reply = routes.find((route) => matches(route, url))?.reply ?? { status: 404, body: '{}' };
      if (reply.hang) return;
      setTimeout(() => {
        res.writeHead(reply.status, {
          'content-type': 'application/json; charset=utf-8',
          'content-length': Buffer.byteLength(reply.body),
        });
        res.end(reply.body);
      }, reply.delayMs ?? 0);
      return;
    }
    const send = (status, body) => {
      const text = JSON.stringify(body);
      const answer = () => {
        res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
        res.end(text);
      };
      if (pauseMs > 0) setTimeout(answer, pauseMs);
      else answer();
    };
    const now = Math.floor(Date.now() / 1000);
    if (url.pathname === '/v1/search') {
      const city = cityFor(url.searchParams.get('name'));
      send(200, city ? omPlace(city) : { generationtime_ms: 0.4 });
      return;
    }
    if (url.pathname === '/v1/forecast') {
      const lat = Number(url.searchParams.get('latitude'));
      const city = Object.values(CITIES).find((c) => c.coord.lat === lat);
      if (!city) {
        send(400, { error: true, reason: 'No data for these coordinates.' });
      } else if (url.searchParams.has('hourly')) {
        omNow[city.name] ??= now;
        send(200, omForecast(city, now));
      } else {
        send(200, omCurrent(city, now));
      }
      return;
    }
    if (url.pathname !== '/data/2.5/weather' && url.pathname !== '/data/2.5/forecast') {
      send(404, { cod: '404', message: 'Internal error' });
      return;
    }
    if (url.searchParams.get('appid') !== API_KEY) {
      send(401, BAD_KEY);
      return;
    }
    const city = cityFor(url.searchParams.get('q'));
    if (!city) {
      send(404, NOT_FOUND);
      return;
    }
    if (url.pathname === '/data/2.5/weather') {
      send(200, currentBody(city, now));
    } else {
      const body = forecastBody(city, now);
      forecastStarts[city.name] ??= body.list[0].dt;
      send(200, body);
    }
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(wanted, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    forecastStarts,
    omNow,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { port: { type: 'string' }, 'pause-ms': { type: 'string' } } });
  const standIn = await startWeatherStandIn({ port: Number(values.port ?? 0), pauseMs: Number(values['pause-ms'] ?? 0) });
  console.log(standIn.url);
}
