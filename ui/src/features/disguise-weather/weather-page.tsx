import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { DisguiseTitle } from '../../components/disguise-title';
import { useT } from '../../lib/i18n';
import { ArrowLeftIcon } from '../../components/icons';
import { usePanic } from '../../providers/panic';
import { exitControl } from '../../lib/quick-exit';
import { fetchCurrent, fetchForecast, readCurrent, readForecast } from './weather-api';
import { takeArrived, takePrefetched, type Answers } from './weather-prefetch';
import { SavedCities } from './weather-cities';
import { CurrentConditions, ForecastList, HourlyStrip } from './weather-display';
import { WeatherIcon, WeatherIconDrawings } from './weather-icon';
import { decideView, updatedText, type View } from './weather-model';
import type { CurrentWeather, Forecast, Loaded } from './weather-types';
import { readCities, readLastCity, readSnapshot, writeCities, writeLastCity, writeSnapshot } from './weather-store';
import './weather-page.css';

type Shown = { status: 'done'; query: string; view: View };
type State = { status: 'loading' } | Shown;

function show(city: string, current: Loaded<CurrentWeather>, forecast: Loaded<Forecast>): Shown {
  return { status: 'done', query: city, view: decideView(city, current, forecast, readSnapshot(city), Date.now()) };
}

/** Keeps a good answer on the device, and its city as the one to open on next time. */
function remember({ query, view }: Shown): void {
  if (view.kind === 'fresh') writeSnapshot(view.snapshot);
  if (view.kind === 'fresh' || view.kind === 'cached') writeLastCity(query);
}

/** How many of `parts` are drawn: none at first, then one more in each task after the screen has been painted. */
function useDrawnInTurn(parts: number): number {
  const [drawn, setDrawn] = useState(0);
  useEffect(() => {
    if (drawn >= parts) return;
    const timer = setTimeout(() => setDrawn(drawn + 1), 0);
    return () => clearTimeout(timer);
  }, [drawn, parts]);
  return drawn;
}

/**
 * The hours and the days, each drawn in a task of its own after the current conditions, so that no single task
 * holds a slow phone for long; a component of its own, so that drawing them does not draw the rest of the screen
 * again (bench/RESULTS.md, Lighthouse on /weather).
 */
function HoursAndDays({ forecast, idPrefix }: { forecast: Forecast; idPrefix: string }) {
  const t = useT();
  const drawn = useDrawnInTurn(2);
  return (
    <>
      {drawn >= 1 ? <HourlyStrip hours={forecast.hourly} titleId={`${idPrefix}-hr`} /> : null}
      {drawn >= 2 ? (
        <section className="wx-forecast" aria-labelledby={`${idPrefix}-fc`}>
          <h2 id={`${idPrefix}-fc`} className="wx-forecast-title">
            {t('weather.forecastTitle')}
          </h2>
          <ForecastList days={forecast.days} />
        </section>
      ) : null}
    </>
  );
}

/** Weather disguise: looks and works like an ordinary phone weather app, also when it cannot refresh. */
export default function WeatherPage() {
  const t = useT();
  const { quickExit } = usePanic();
  const { weather } = useAppConfig();
  const [query, setQuery] = useState('');
  // The look-up the entry script started, when its answers are already here: the screen's first frame shows
  // them, rather than a frame saying 'loading' and one more drawing of the whole screen a moment later.
  const [drawnAtOnce] = useState(() => {
    const last = readLastCity();
    const arrived = takeArrived(last);
    if (!arrived) return null;
    const city = last ?? weather.default_city;
    return show(city, readCurrent(city, arrived.current, t), readForecast(city, arrived.forecast, t));
  });
  const [state, setState] = useState<State>(drawnAtOnce ?? { status: 'loading' });
  const [cities, setCities] = useState<string[]>(readCities);
  const request = useRef(0);
  // The first look-up is the one drawn at once, if it was; later ones (another language) ask again.
  const pending = useRef(drawnAtOnce);
  const inputId = useId();

  const load = useCallback(
    async (city: string, started?: Answers) => {
      const id = ++request.current;
      // Unchanged when already loading (the first look-up): no second drawing of the whole screen for nothing.
      setState((s) => (s.status === 'loading' ? s : { status: 'loading' }));
      const [current, forecast] = await Promise.all([
        fetchCurrent(city, fetch, t, started?.current),
        fetchForecast(city, fetch, t, started?.forecast),
      ]);
      if (id !== request.current) return;
      const shown = show(city, current, forecast);
      remember(shown);
      setState(shown);
    },
    [t],
  );

  useEffect(() => {
    if (pending.current) {
      remember(pending.current);
      pending.current = null;
      return;
    }
    const last = readLastCity();
    void load(last ?? weather.default_city, takePrefetched(last) ?? undefined);
  }, [load, weather.default_city]);

  const updateCities = (next: string[]) => {
    setCities(next);
    writeCities(next);
  };

  const onSearch = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const city = query.trim();
    if (city) void load(city);
  };

  const view = state.status === 'done' ? state.view : null;
  const shownQuery = state.status === 'done' ? state.query : '';
  const snapshot = view && (view.kind === 'fresh' || view.kind === 'cached') ? view.snapshot : null;

  return (
    <div className="wx">
      <WeatherIconDrawings />
      <header className="wx-header">
        <button type="button" className="wx-back" aria-label={t('weather.back')} {...exitControl(quickExit)}>
          <ArrowLeftIcon size={24} />
        </button>
        <DisguiseTitle className="wx-title">{t('weather.title')}</DisguiseTitle>
      </header>
      <main className="wx-main">
        <form className="wx-search" role="search" onSubmit={onSearch}>
          <label htmlFor={inputId} className="sr-only">
            {t('weather.searchCity')}
          </label>
          <input
            id={inputId}
            className="wx-input"
            type="search"
            placeholder={t('weather.searchCity')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="wx-search-btn">
            {t('weather.search')}
          </button>
        </form>
        <SavedCities
          cities={cities}
          shown={snapshot?.current.city ?? null}
          onSelect={(c) => void load(c)}
          onAdd={(c) => updateCities([...cities, c])}
          onRemove={(c) => updateCities(cities.filter((x) => x !== c))}
        />

        {state.status === 'loading' ? (
          <p className="wx-status" role="status">
            {t('weather.loading')}
          </p>
        ) : null}
        {view?.kind === 'offline' ? (
          <section className="wx-offline-state" aria-label={t('weather.noConnection')}>
            <WeatherIcon code="cloudy" size={72} />
            <h2 className="wx-city">{t('weather.noConnection')}</h2>
            <p>{t('weather.backOnline')}</p>
            <button type="button" className="wx-search-btn" onClick={() => void load(shownQuery)}>
              {t('weather.tryAgain')}
            </button>
          </section>
        ) : null}
        {snapshot ? (
          <>
            <CurrentConditions
              data={snapshot.current}
              forecast={snapshot.forecast}
              updated={updatedText(snapshot.savedAt, Date.now(), view?.kind === 'fresh', t)}
              offline={view?.kind === 'cached'}
              onRetry={() => void load(snapshot.query)}
            />
            <HoursAndDays forecast={snapshot.forecast} idPrefix={inputId} />
          </>
        ) : null}
        {view?.kind === 'error' ? (
          <>
            {view.current.ok ? (
              <CurrentConditions
                data={view.current.data}
                forecast={null}
                updated={updatedText(Date.now(), Date.now(), true, t)}
                offline={false}
              />
            ) : (
              <p className="wx-error" role="alert">
                {view.current.message}
              </p>
            )}
            <section className="wx-forecast" aria-labelledby={`${inputId}-fc`}>
              <h2 id={`${inputId}-fc`} className="wx-forecast-title">
                {t('weather.forecastTitle')}
              </h2>
              {view.forecast.ok ? (
                <ForecastList days={view.forecast.data.days} />
              ) : view.current.ok || view.forecast.message !== view.current.message ? (
                <p className="wx-error" role="alert">
                  {view.forecast.message}
                </p>
              ) : null}
            </section>
          </>
        ) : null}
      </main>
    </div>
  );
}
