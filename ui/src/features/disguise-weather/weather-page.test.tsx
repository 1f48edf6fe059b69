import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppConfigProvider, DEFAULT_CONFIG } from '../../lib/app-config';
import { PanicProvider } from '../../providers/panic';
import WeatherPage from './weather-page';
import { prefetchWeather, takePrefetched } from './weather-prefetch';
import { WEATHER_KEYS } from './weather-store';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const CURRENT = {
  city: 'Delhi',
  country: 'IN',
  main: 'Clouds',
  description: 'overcast clouds',
  icon: 'cloudy',
  temp_c: 31.4,
  feels_like_c: 35,
  wind_kmh: 13,
  humidity: 40,
  updated: 1_795_400_000,
};

const day = (date: string, temp: number, icon = 'clear-day') => ({
  dt: Date.parse(`${date}T12:00:00Z`) / 1000,
  date,
  time: '12:00',
  main: 'Clear',
  description: 'clear sky',
  icon,
  temp_c: temp,
  high_c: temp + 3,
  low_c: temp - 6,
  pop: 20,
});

const FORECAST = {
  city: 'Delhi',
  days: [
    day('2030-01-01', 25),
    day('2030-01-02', 26, 'rain'),
    day('2030-01-03', 24.6, 'mystery-code'),
    day('2030-01-04', 22),
    day('2030-01-05', 21),
  ],
  today: { date: '2030-01-01', high_c: 34, low_c: 27, pop: 40, sunrise: '06:58', sunset: '17:32' },
  hourly: Array.from({ length: 8 }, (_, i) => ({
    dt: 1_900_000_000 + i * 10_800,
    time: `${String((15 + i * 3) % 24).padStart(2, '0')}:00`,
    icon: 'rain',
    description: 'light rain',
    temp_c: 30 - i,
    pop: i * 10,
  })),
};

function routeFetch(handler: (kind: string, city: string) => Response | Promise<Response>) {
  const fn = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    return handler(url.pathname.split('/').pop()!, url.searchParams.get('city') ?? '');
  });
  vi.stubGlobal('fetch', fn);
  return fn;
}

function renderWeather() {
  return render(
    <MemoryRouter initialEntries={['/weather']}>
      <PanicProvider>
        <WeatherPage />
      </PanicProvider>
    </MemoryRouter>,
  );
}

describe('weather disguise', () => {
  beforeEach(() => localStorage.clear());

  it('loads Delhi by default: current conditions and a 5-day forecast', async () => {
    const fetchMock = routeFetch((kind) => json(200, kind === 'current' ? CURRENT : FORECAST));
    renderWeather();
    expect(screen.getByText('Loading weather data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Delhi, IN' })).toBeInTheDocument();
    expect(screen.getByText('31°C')).toBeInTheDocument();
    expect(screen.getByText('Overcast clouds')).toBeInTheDocument();
    expect(screen.getByText('35°C')).toBeInTheDocument();
    expect(screen.getByText('13 km/h')).toBeInTheDocument();
    const current = screen.getByRole('region', { name: 'Current conditions' });
    expect(current).toHaveTextContent('H:34° L:27°');
    expect(current).toHaveTextContent(/Updated \d\d:\d\d/);
    const detail = (term: string) => within(current).getByText(term).nextElementSibling;
    expect(detail('Chance of rain')).toHaveTextContent('40%');
    expect(detail('Sunrise')).toHaveTextContent('06:58');
    expect(detail('Sunset')).toHaveTextContent('17:32');
    // The hours and the days are drawn in the tasks after the current conditions.
    const strip = await screen.findByRole('list', { name: 'Hourly forecast' });
    expect(strip).toHaveAttribute('tabindex', '0');
    const hours = within(strip).getAllByRole('listitem');
    expect(hours).toHaveLength(8);
    expect(hours[0]).toHaveTextContent('15:00');
    expect(hours[0]).toHaveTextContent('30°');
    expect(hours[2]).toHaveTextContent('chance of rain 20%');
    const forecast = await screen.findByRole('region', { name: '5-Day Forecast' });
    const items = within(forecast).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[2]).toHaveTextContent('High 28°Low 19°');
    expect(items[2].querySelector('svg')).toHaveAttribute('data-icon', 'cloudy');
    expect(fetchMock).toHaveBeenCalledWith('/api/weather/current?city=Delhi', expect.anything());
  });

  it('shows the look-up the entry script started, without asking again', async () => {
    // The server answers a look-up without a city for its default city (README, weather).
    const fetchMock = routeFetch((kind, city) =>
      city === '' ? json(200, kind === 'current' ? CURRENT : FORECAST) : json(404, {}),
    );
    void prefetchWeather();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/weather/current', '/api/weather/forecast']);
    renderWeather();
    expect(await screen.findByRole('heading', { name: 'Delhi, IN' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(takePrefetched(null)).toBeNull();
  });

  it('draws the look-up the entry script started in its first frame when the answers are already here', async () => {
    const fetchMock = routeFetch((kind, city) =>
      city === '' ? json(200, kind === 'current' ? CURRENT : FORECAST) : json(404, {}),
    );
    // The answers arrive while the screen's code is still on its way.
    await prefetchWeather();
    renderWeather();
    // Synchronously: no frame saying 'loading' first.
    expect(screen.getByRole('heading', { name: 'Delhi, IN' })).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
    expect(await screen.findByRole('region', { name: '5-Day Forecast' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(localStorage.getItem(WEATHER_KEYS.lastCity)).toBe(JSON.stringify('Delhi'));
  });

  it('searches another city; an unknown one shows both not-found texts', async () => {
    const user = userEvent.setup();
    routeFetch((kind, city) =>
      city === 'Delhi' ? json(200, kind === 'current' ? CURRENT : FORECAST) : json(404, { error: 'city_not_found', message: 'city not found' }),
    );
    renderWeather();
    await screen.findByRole('heading', { name: 'Delhi, IN' });
    await user.type(screen.getByRole('searchbox', { name: 'Search city' }), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Error: City "Atlantis" not found. Please check the spelling.')).toBeInTheDocument();
    expect(screen.getByText('Error: City "Atlantis" not found for forecast.')).toBeInTheDocument();
  });

  it('shows the empty-forecast text when there are no days', async () => {
    routeFetch((kind) => json(200, kind === 'current' ? CURRENT : { city: 'Delhi', days: [] }));
    renderWeather();
    expect(await screen.findByText('No 5-day forecast available.')).toBeInTheDocument();
  });

  it('with no network and nothing kept, a plain "No connection" screen and no word about a server', async () => {
    routeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWeather();
    expect(await screen.findByRole('heading', { name: 'No connection' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.body.textContent).not.toMatch(/server|error/i);
  });

  it('weather switched off (503) shows the last data kept on the device, with its age', async () => {
    const user = userEvent.setup();
    let off = false;
    routeFetch((kind) =>
      off ? json(503, { error: 'weather_off', message: 'Weather is switched off on this server.' }) : json(200, kind === 'current' ? CURRENT : FORECAST),
    );
    renderWeather();
    await screen.findByRole('heading', { name: 'Delhi, IN' });
    // Two hours pass, then the weather can no longer be fetched.
    const stored = JSON.parse(localStorage.getItem('weather-last-data')!);
    stored.delhi.savedAt -= 2 * 3600_000;
    localStorage.setItem('weather-last-data', JSON.stringify(stored));
    off = true;
    await user.type(screen.getByRole('searchbox', { name: 'Search city' }), 'delhi');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    const current = await screen.findByRole('region', { name: 'Current conditions' });
    await within(current).findByText(/Updated 2 h ago/);
    expect(current).toHaveTextContent('No connection');
    expect(current).toHaveTextContent('31°C');
    expect(document.body.textContent).not.toMatch(/server/i);
  });

  it('an invalid key shows the text of docs/product.md', async () => {
    routeFetch((kind) =>
      kind === 'current'
        ? json(401, { error: 'invalid_api_key', message: 'bad key' })
        : json(401, { error: 'invalid_api_key', message: 'bad key' }),
    );
    renderWeather();
    expect(
      await screen.findByText('Error: Invalid API Key. Please check your OpenWeatherMap API key.'),
    ).toBeInTheDocument();
  });

  it("saved cities stay on the device; the operator's default city opens first", async () => {
    const user = userEvent.setup();
    const fetchMock = routeFetch((kind, city) =>
      json(200, kind === 'current' ? { ...CURRENT, city, country: 'PT' } : { ...FORECAST, city }),
    );
    const { unmount } = render(
      <MemoryRouter initialEntries={['/weather']}>
        <AppConfigProvider value={{ ...DEFAULT_CONFIG, weather: { provider: 'open-meteo', default_city: 'Lisbon' } }}>
          <PanicProvider>
            <WeatherPage />
          </PanicProvider>
        </AppConfigProvider>
      </MemoryRouter>,
    );
    await screen.findByRole('heading', { name: 'Lisbon, PT' });
    expect(fetchMock).toHaveBeenCalledWith('/api/weather/current?city=Lisbon', expect.anything());
    await user.click(screen.getByRole('button', { name: 'Add Lisbon to my cities' }));
    expect(JSON.parse(localStorage.getItem('weather-cities')!)).toEqual(['Lisbon']);
    unmount();
    renderWeather();
    const mine = await screen.findByRole('region', { name: 'My cities' });
    expect(within(mine).getByRole('button', { name: 'Lisbon' })).toBeInTheDocument();
    await user.click(within(mine).getByRole('button', { name: 'Remove Lisbon' }));
    expect(JSON.parse(localStorage.getItem('weather-cities')!)).toEqual([]);
  });

  it('the back arrow is a quick exit (history entry replaced)', async () => {
    routeFetch((kind) => json(200, kind === 'current' ? CURRENT : FORECAST));
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const user = userEvent.setup();
    renderWeather();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    // Hidden at once; the page is left right after the next frame.
    expect(document.documentElement).toHaveAttribute('data-quick-exit');
    await vi.waitFor(() => expect(replace).toHaveBeenCalledTimes(1));
    expect(replace.mock.calls[0][0]).toMatch(/^https:\/\//);
  });
});
