import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { DisguiseTitle } from '../../lib/disguise-title';
import { ArrowLeftIcon } from '../../lib/icons';
import { usePanic } from '../../lib/panic';
import { fetchCurrent, fetchForecast } from './weather-api';
import { SavedCities } from './weather-cities';
import { CurrentConditions, ForecastList, HourlyStrip } from './weather-display';
import { WeatherIcon } from './weather-icon';
import { LOADING_TEXT } from './weather-messages';
import { decideView, updatedText, type View } from './weather-model';
import { readCities, readLastCity, readSnapshot, writeCities, writeLastCity, writeSnapshot } from './weather-store';
import './weather-page.css';

type State = { status: 'loading' } | { status: 'done'; query: string; view: View };

/** Weather disguise: looks and works like an ordinary phone weather app, also when it cannot refresh. */
export default function WeatherPage() {
  const { quickExit } = usePanic();
  const { weather } = useAppConfig();
  const [query, setQuery] = useState('');
  const [state, setState] = useState<State>({ status: 'loading' });
  const [cities, setCities] = useState<string[]>(readCities);
  const request = useRef(0);
  const inputId = useId();

  const load = useCallback(async (city: string) => {
    const id = ++request.current;
    setState({ status: 'loading' });
    const [current, forecast] = await Promise.all([fetchCurrent(city), fetchForecast(city)]);
    if (id !== request.current) return;
    const view = decideView(city, current, forecast, readSnapshot(city), Date.now());
    if (view.kind === 'fresh') writeSnapshot(view.snapshot);
    if (view.kind === 'fresh' || view.kind === 'cached') writeLastCity(city);
    setState({ status: 'done', query: city, view });
  }, []);

  useEffect(() => {
    void load(readLastCity() ?? weather.default_city);
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
      <header className="wx-header">
        <button type="button" className="wx-back" aria-label="Back" onClick={quickExit}>
          <ArrowLeftIcon size={24} />
        </button>
        <DisguiseTitle className="wx-title">Weather</DisguiseTitle>
      </header>
      <main className="wx-main">
        <form className="wx-search" role="search" onSubmit={onSearch}>
          <label htmlFor={inputId} className="sr-only">
            Search city
          </label>
          <input
            id={inputId}
            className="wx-input"
            type="search"
            placeholder="Search city"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
          />
          <button type="submit" className="wx-search-btn">
            Search
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
            {LOADING_TEXT}
          </p>
        ) : null}
        {view?.kind === 'offline' ? (
          <section className="wx-offline-state" aria-label="No connection">
            <WeatherIcon code="cloudy" size={72} />
            <h2 className="wx-city">No connection</h2>
            <p>Weather will appear when you are back online.</p>
            <button type="button" className="wx-search-btn" onClick={() => void load(shownQuery)}>
              Try again
            </button>
          </section>
        ) : null}
        {snapshot ? (
          <>
            <CurrentConditions
              data={snapshot.current}
              forecast={snapshot.forecast}
              updated={updatedText(snapshot.savedAt, Date.now(), view?.kind === 'fresh')}
              offline={view?.kind === 'cached'}
              onRetry={() => void load(snapshot.query)}
            />
            <HourlyStrip hours={snapshot.forecast.hourly} titleId={`${inputId}-hr`} />
            <section className="wx-forecast" aria-labelledby={`${inputId}-fc`}>
              <h2 id={`${inputId}-fc`} className="wx-forecast-title">
                5-Day Forecast
              </h2>
              <ForecastList days={snapshot.forecast.days} />
            </section>
          </>
        ) : null}
        {view?.kind === 'error' ? (
          <>
            {view.current.ok ? (
              <CurrentConditions
                data={view.current.data}
                forecast={null}
                updated={updatedText(Date.now(), Date.now(), true)}
                offline={false}
              />
            ) : (
              <p className="wx-error" role="alert">
                {view.current.message}
              </p>
            )}
            <section className="wx-forecast" aria-labelledby={`${inputId}-fc`}>
              <h2 id={`${inputId}-fc`} className="wx-forecast-title">
                5-Day Forecast
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
