import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_CONFIG, fetchAppConfig, fetchProductName, normalizeConfig } from './app-config';

describe('app config', () => {
  it('falls back to defaults when /api/config fails', async () => {
    const failing = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await fetchAppConfig(failing)).toEqual(DEFAULT_CONFIG);
    const notOk = vi.fn(async () => new Response('nope', { status: 500 })) as unknown as typeof fetch;
    expect(await fetchAppConfig(notOk)).toEqual(DEFAULT_CONFIG);
  });

  it('reads the served settings and drops malformed resources', () => {
    const c = normalizeConfig({
      product_name: 'Haven',
      contact_email: 'ideas@example.org',
      resources: [
        { id: 7, name: 'Line', category: 'helpline', description: 'd', contact: '100', hours: '24/7' },
        { id: 'bad', name: 'No category' },
      ],
      auth: { url: null, anon_key: 'k', google_enabled: true, sign_in_names: 'require', confirm_email: true },
      weather: { provider: 'off' },
    });
    expect(c.product_name).toBe('Haven');
    expect(c.resources).toEqual([
      { id: '7', name: 'Line', category: 'helpline', description: 'd', contact: '100', hours: '24/7' },
    ]);
    expect(c.auth).toEqual({ url: null, anon_key: 'k', google_enabled: true, sign_in_names: 'require', confirm_email: true });
    expect(c.weather.provider).toBe('off');
    expect(c.weather.default_city).toBe('Delhi');
    expect(normalizeConfig({ weather: { default_city: ' Lisbon ' } }).weather.default_city).toBe('Lisbon');
  });

  it('the page title is the operator\'s, or a neutral one, never the product name', () => {
    expect(normalizeConfig({ product_name: 'Haven' }).page_title).toBe('Welcome');
    expect(normalizeConfig({ product_name: 'Haven', page_title: '  ' }).page_title).toBe('Welcome');
    expect(normalizeConfig({ page_title: ' Recipes ' }).page_title).toBe('Recipes');
  });

  it('reads the sign-in name choice; anything unknown or missing means allow', () => {
    const choice = (value: unknown) => normalizeConfig({ auth: { sign_in_names: value } }).auth.sign_in_names;
    expect(choice('off')).toBe('off');
    expect(choice('require')).toBe('require');
    expect(choice('sometimes')).toBe('allow');
    expect(choice(undefined)).toBe('allow');
  });

  it('a name the server left out of the kept settings is asked for apart; the page title stands in meanwhile', async () => {
    const withheld = normalizeConfig({ page_title: 'Recipes' });
    expect(withheld.name_withheld).toBe(true);
    expect(withheld.product_name).toBe('Recipes');
    expect(normalizeConfig({ product_name: 'Haven' }).name_withheld).toBe(false);
    const served = vi.fn(async () => Response.json({ product_name: 'Haven' })) as unknown as typeof fetch;
    expect(await fetchProductName(served)).toBe('Haven');
    expect(served).toHaveBeenCalledWith('/api/config/name', expect.anything());
    const offline = vi.fn(async () => {
      throw new TypeError('offline');
    }) as unknown as typeof fetch;
    expect(await fetchProductName(offline)).toBeNull();
  });

  it("the sign-in screen's heading is the operator's, else the page title", () => {
    expect(normalizeConfig({ page_title: 'Recipes' }).sign_in_title).toBe('Recipes');
    expect(normalizeConfig({ page_title: 'Recipes', sign_in_title: ' Hello ' }).sign_in_title).toBe('Hello');
  });
});
