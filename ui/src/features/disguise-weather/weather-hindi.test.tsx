import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { interpolate, type Catalogue, type Vars } from '../../lib/i18n';
import { PanicProvider } from '../../providers/panic';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { dayLabel, englishDateNames, shortDate } from './forecast-dates';
import { updatedText } from './weather-model';
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
  updated: 1_795_400_000,
};

const day = (date: string, icon: string) => ({
  dt: Date.parse(`${date}T12:00:00Z`) / 1000,
  date,
  time: '12:00',
  main: 'Clear',
  description: 'clear sky',
  icon,
  temp_c: 25,
  high_c: 28,
  low_c: 19,
  pop: 20,
});

const FORECAST = {
  city: 'Delhi',
  days: [day('2030-01-01', 'clear-day'), day('2030-01-02', 'rain'), day('2030-01-03', 'mystery-code')],
  today: { date: '2030-01-01', high_c: 34, low_c: 27, pop: 40, sunrise: '06:58', sunset: '17:32' },
  hourly: [{ dt: 1_900_000_000, time: '15:00', icon: 'rain', description: 'light rain', temp_c: 30, pop: 30 }],
};

function answer(handler: (kind: string, city: string) => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      return handler(url.pathname.split('/').pop()!, url.searchParams.get('city') ?? '');
    }),
  );
}

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});

function renderInHindi() {
  return render(
    inLanguage(
      'hi',
      hindi,
      <MemoryRouter initialEntries={['/weather']}>
        <PanicProvider>
          <WeatherPage />
        </PanicProvider>
      </MemoryRouter>,
    ),
  );
}

// City and country names come from the weather service, as she would see them in any weather app.
const DATA_WORDS = ['Delhi', 'IN', 'Atlantis'];

describe('weather disguise in Hindi', () => {
  beforeEach(() => localStorage.clear());

  it('looks like a Hindi weather app: sky words, weekdays and labels in Hindi, no English', async () => {
    answer((kind) => json(200, kind === 'current' ? CURRENT : FORECAST));
    const { container } = renderInHindi();
    const current = await screen.findByRole('region', { name: 'अभी का मौसम' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('मौसम');
    expect(within(current).getByText('बादल')).toBeInTheDocument();
    expect(within(current).getByText('13 कि.मी./घंटा')).toBeInTheDocument();
    const forecast = await screen.findByRole('region', { name: '5 दिन का मौसम' });
    expect(within(forecast).getByText('बारिश')).toBeInTheDocument();
    expect(within(forecast).getByText('साफ़ आसमान')).toBeInTheDocument();
    expect(within(forecast).getByText('बुधवार')).toBeInTheDocument();
    expect(latinWords(container, DATA_WORDS)).toEqual([]);
  });

  it('says in Hindi that a city was not found', async () => {
    const user = userEvent.setup();
    answer((kind, city) => (city === 'Atlantis' ? json(404, {}) : json(200, kind === 'current' ? CURRENT : FORECAST)));
    const { container } = renderInHindi();
    await screen.findByRole('region', { name: 'अभी का मौसम' });
    await user.type(screen.getByRole('searchbox', { name: 'शहर खोजें' }), 'Atlantis');
    await user.click(screen.getByRole('button', { name: 'खोजें' }));
    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]).toHaveTextContent('गड़बड़ी: "Atlantis" नाम का शहर नहीं मिला। कृपया नाम की वर्तनी जाँचें।');
    expect(latinWords(container, DATA_WORDS)).toEqual([]);
  });

  it('shows the offline state in Hindi', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const { container } = renderInHindi();
    const offline = await screen.findByRole('region', { name: 'इंटरनेट नहीं है' });
    expect(within(offline).getByRole('button', { name: 'फिर कोशिश करें' })).toBeInTheDocument();
    expect(latinWords(container)).toEqual([]);
  });

  it('writes the age of kept data and day names in Hindi, and in English as docs/product.md says', () => {
    const t = (key: string, vars?: Vars) => interpolate(hindi.weather![key.slice('weather.'.length)] as string, vars);
    const at = new Date(2030, 0, 1, 9, 5).getTime();
    expect(updatedText(at, at + 25 * 60_000, false, t)).toBe('25 मिनट पहले अपडेट हुआ');
    expect(updatedText(at, at, true, t)).toBe('09:05 बजे अपडेट हुआ');
    const w = hindi.weather!;
    const names = { today: w.today as string, weekdays: w.weekdays as string[], months: w.months as string[], dayMonth: w.dayMonth as string };
    expect(dayLabel('2030-01-02', new Date(2030, 0, 1), names)).toBe('बुधवार');
    expect(dayLabel('2030-01-01', new Date(2030, 0, 1), names)).toBe('आज');
    expect(shortDate('2030-03-05', names)).toBe('5 मार्च');
    expect(dayLabel('2030-01-02', new Date(2030, 0, 1), englishDateNames())).toBe('Wednesday');
    expect(shortDate('2030-03-05', englishDateNames())).toBe('Mar 5');
  });
});
