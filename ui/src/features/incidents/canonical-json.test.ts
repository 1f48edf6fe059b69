import { describe, expect, it } from 'vitest';
import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every level and writes no spaces', () => {
    expect(canonicalJson({ b: 1, a: { d: [true, null], c: 'x' } })).toBe('{"a":{"c":"x","d":[true,null]},"b":1}');
  });

  it('gives the same text whatever order the object was built in', () => {
    expect(canonicalJson({ kind: 'incident', id: '1' })).toBe(canonicalJson({ id: '1', kind: 'incident' }));
  });

  it('keeps what she wrote exactly, in any script, escaping only what JSON must', () => {
    const text = 'रात 9 बजे, "he shouted"\nthen left';
    expect(JSON.parse(canonicalJson({ what: text })).what).toBe(text);
    expect(canonicalJson({ what: text })).toContain('रात');
  });

  it('leaves out undefined fields, refuses fractions and other types', () => {
    expect(canonicalJson({ a: undefined, b: 2 })).toBe('{"b":2}');
    expect(() => canonicalJson({ n: 1.5 })).toThrow();
    expect(() => canonicalJson({ d: new Date(0) })).toThrow();
  });
});
