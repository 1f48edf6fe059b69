import { afterEach, describe, expect, it, vi } from 'vitest';
import { incidentsServerConfig } from './server-config';

describe('incidentsServerConfig', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads again after a failed read, so settings missed offline are not lost for the whole visit', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce(new Response(JSON.stringify({ timestamp: { second_authority: true } })));
    vi.stubGlobal('fetch', fetchMock);

    expect(await incidentsServerConfig()).toMatchObject({ categories: undefined, secondAuthority: false });
    expect(await incidentsServerConfig()).toMatchObject({ categories: undefined, secondAuthority: true });
    // Once read, it is kept.
    expect(await incidentsServerConfig()).toMatchObject({ categories: undefined, secondAuthority: true });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
