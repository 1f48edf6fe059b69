import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { PanicProvider } from '../../lib/panic';
import WeatherPage from './weather-page';

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
};

const day = (date: string, temp: number, icon = 'clear-day') => ({
  dt: Date.parse(`${date}T12:00:00Z`) / 1000,
  date,
  time: '12:00',
  main: 'Clear',
  description: 'clear sky',
  icon,
  temp_c: temp,
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
  it('loads Delhi by default: current conditions and a 5-day forecast', async () => {
    const fetchMock = routeFetch((kind) => json(200, kind === 'current' ? CURRENT : FORECAST));
    renderWeather();
    expect(screen.getByText('Loading weather data...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Delhi, IN' })).toBeInTheDocument();
    expect(screen.getByText('31°C')).toBeInTheDocument();
    expect(screen.getByText('Overcast clouds')).toBeInTheDocument();
    expect(screen.getByText('35°C')).toBeInTheDocument();
    expect(screen.getByText('13 km/h')).toBeInTheDocument();
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(items[2]).toHaveTextContent('25°C');
    expect(items[2].querySelector('svg')).toHaveAttribute('data-icon', 'cloudy');
    expect(fetchMock).toHaveBeenCalledWith('/api/weather/current?city=Delhi', expect.anything());
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

  it('a network failure shows the generic message once', async () => {
    routeFetch(() => {
      throw new TypeError('Failed to fetch');
    });
    renderWeather();
    const alerts = await screen.findAllByText('An unexpected error occurred while fetching weather data.');
    expect(alerts).toHaveLength(1);
  });

  it('an invalid key and a server message are shown as docs/product.md says', async () => {
    routeFetch((kind) =>
      kind === 'current'
        ? json(401, { error: 'invalid_api_key', message: 'bad key' })
        : json(502, { error: 'upstream_error', message: 'Weather service unavailable' }),
    );
    renderWeather();
    expect(
      await screen.findByText('Error: Invalid API Key. Please check your OpenWeatherMap API key.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Error: Weather service unavailable')).toBeInTheDocument();
  });

  it('the back arrow is a quick exit (history entry replaced)', async () => {
    routeFetch((kind) => json(200, kind === 'current' ? CURRENT : FORECAST));
    const replace = vi.fn();
    vi.stubGlobal('location', { ...window.location, replace });
    const user = userEvent.setup();
    renderWeather();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(replace).toHaveBeenCalledTimes(1);
    expect(replace.mock.calls[0][0]).toMatch(/^https:\/\//);
  });
});
