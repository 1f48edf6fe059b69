import { beforeEach, describe, expect, it, vi } from 'vitest';
import { prefetchWeather, takePrefetched } from './weather-prefetch';
import { WEATHER_KEYS } from './weather-store';

describe('the look-up started as the page opens', () => {
  beforeEach(() => localStorage.clear());

  it('asks for the city she saw last, and hands the answers over once, to a screen asking for that city', async () => {
    localStorage.setItem(WEATHER_KEYS.lastCity, JSON.stringify('São Paulo'));
    const fetchMock = vi.fn<(url: string) => Promise<Response>>(
      async () => new Response('{"city":"São Paulo"}', { status: 200, statusText: 'OK' }),
    );
    vi.stubGlobal('fetch', fetchMock);
    void prefetchWeather();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([
      '/api/weather/current?city=S%C3%A3o%20Paulo',
      '/api/weather/forecast?city=S%C3%A3o%20Paulo',
    ]);
    expect(takePrefetched(null)).toBeNull();
    const answers = takePrefetched('São Paulo');
    expect(await answers?.current).toEqual({ ok: true, status: 200, statusText: 'OK', body: '{"city":"São Paulo"}' });
    expect(takePrefetched('São Paulo')).toBeNull();
  });

  it('without a city kept, asks for the default city; no network is an answer too, not an error', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    void prefetchWeather();
    const answers = takePrefetched(null);
    expect(await answers?.forecast).toBeNull();
  });
});
