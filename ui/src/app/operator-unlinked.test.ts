import { describe, expect, it } from 'vitest';

// The operator's console is reached by typing its address: no screen of her app or of the advocates' area links
// to it (issue 38). Only the routes know its path.
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}', '!../features/operator/**'], {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe("the console's address", () => {
  it('is named only by the route table and the routes', () => {
    const naming = Object.entries(sources)
      .filter(([, code]) => /PATHS\.operator\b|['"`]\/operator\b/.test(code))
      .map(([file]) => file.replace(/^\.\//, 'app/').replace(/^\.\.\//, ''));
    expect(naming.sort()).toEqual(['app/router.tsx', 'app/routes/lazy-pages.ts', 'lib/route-paths.ts']);
  });
});
