import { describe, expect, it } from 'vitest';
import { parseServerConfig } from './server-config';
import { parseCategories } from '../../lib/incident-entry';

const parse = (body: unknown) => parseCategories(parseServerConfig(body).categories);

describe("the operator's kinds of abuse", () => {
  it('are read from /api/config, in their order, with their labels', () => {
    const body = { incidents: { categories: [{ id: 'dowry' }, { id: 'acid_attack', label: { en: 'Acid attack' } }] } };
    expect(parse(body)).toEqual([{ id: 'dowry' }, { id: 'acid_attack', label: { en: 'Acid attack' } }]);
  });

  it('fall back to the built-in list when none are configured or the answer is not readable', () => {
    expect(parse({ incidents: { categories: [] } })).toBeNull();
    expect(parse({})).toBeNull();
    expect(parse(null)).toBeNull();
    expect(parse({ incidents: { categories: [{ label: 'no id' }] } })).toBeNull();
  });

  it('tell whether a second authority stamps, false when the answer says nothing of it', () => {
    expect(parseServerConfig({ timestamp: { second_authority: true } }).secondAuthority).toBe(true);
    expect(parseServerConfig({ timestamp: { second_authority: false } }).secondAuthority).toBe(false);
    expect(parseServerConfig(null).secondAuthority).toBe(false);
  });
});
