// A local stand-in for OpenWeatherMap: answers /data/2.5/weather and /data/2.5/forecast in the real wire
// formats, for a few known cities, and 404 `{"cod":"404","message":"city not found"}` for any other.
// It records every request so tests can see what the binary asked for.
import { createServer } from 'node:http';

export const API_KEY = 'e2e-test-key';

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
  },
};

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
      pop: 0,
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
      sunrise: now - 6 * 3600,
      sunset: now + 5 * 3600,
    },
  };
}

/** Starts the stand-in on 127.0.0.1 on a free port. */
export async function startWeatherStandIn() {
  const requests = [];
  /** City name -> the `dt` of slot 0 in the first forecast sent for it (the binary caches what it gets). */
  const forecastStarts = {};
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://stand-in');
    requests.push({ path: url.pathname, query: Object.fromEntries(url.searchParams) });
    const send = (status, body) => {
      const text = JSON.stringify(body);
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
      res.end(text);
    };
    const now = Math.floor(Date.now() / 1000);
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
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address();
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    forecastStarts,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}
