import { describe, expect, it, vi } from 'vitest';
import { fetchForecast } from './weather-api';

const answer = (status: number, body: unknown) =>
  vi.fn(async () => new Response(JSON.stringify(body), { status })) as unknown as typeof fetch;

describe('weather answers', () => {
  it('no network, weather switched off, a failing service or a busy limit mean "cannot refresh"', async () => {
    const offline = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as unknown as typeof fetch;
    for (const f of [offline, answer(503, {}), answer(502, {}), answer(504, {}), answer(429, {})]) {
      const r = await fetchForecast('Delhi', f);
      expect(r).toMatchObject({ ok: false, unavailable: true });
    }
  });

  it('a wrong city or key keeps the product’s texts', async () => {
    expect(await fetchForecast('Atlantis', answer(404, {}))).toEqual({
      ok: false,
      unavailable: false,
      message: 'Error: City "Atlantis" not found for forecast.',
    });
    expect(await fetchForecast('x', answer(401, {}))).toMatchObject({ unavailable: false });
  });

  it('reads the new fields and tolerates an older answer without them', async () => {
    const r = await fetchForecast(
      'Delhi',
      answer(200, {
        city: 'Delhi',
        days: [{ dt: 1, date: '2030-01-01', time: '12:00', temp_c: 20 }],
        today: { date: '2030-01-01', high_c: 25, low_c: 15, pop: null, sunrise: '06:58', sunset: null },
        hourly: [{ dt: 1, time: '13:00', icon: 'rain', temp_c: 19, pop: 40 }, { time: 'bad' }],
      }),
    );
    expect(r.ok && r.data.today).toEqual({
      date: '2030-01-01',
      high_c: 25,
      low_c: 15,
      pop: null,
      sunrise: '06:58',
      sunset: null,
    });
    expect(r.ok && r.data.hourly).toHaveLength(1);
    const old = await fetchForecast('Delhi', answer(200, { city: 'Delhi', days: [{ date: '2030-01-01', temp_c: 20 }] }));
    expect(old.ok && old.data.days[0]).toMatchObject({ high_c: 20, low_c: 20, pop: null });
    expect(old.ok && old.data.hourly).toEqual([]);
  });
});
