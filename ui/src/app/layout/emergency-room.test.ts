import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The style sheet as written (Vitest hands imported CSS over empty).
const css = readFileSync(join(__dirname, 'layout.css'), 'utf8');

/** The declarations of one rule of layout.css, by its selector. */
function rule(selector: string): Record<string, string> {
  const found = new RegExp(`(^|\\n)${selector.replace('.', '\\.')}\\s*\\{([^}]*)\\}`).exec(css);
  expect(found, selector).not.toBeNull();
  return Object.fromEntries(
    found![2]
      .split(';')
      .map((d) => d.split(':').map((x) => x.trim()))
      .filter((d) => d.length === 2 && d[0]),
  );
}

describe('the floating emergency button covers nothing (issue 36: it hid text and the Delete button)', () => {
  it('the page keeps room at its bottom as tall as the button and its distance from the edge', () => {
    const toggle = rule('.emergency-toggle');
    const widget = rule('.emergency');
    const main = rule('.app-main');
    expect(toggle.height).toBe('var(--emergency-size)');
    expect(widget.bottom).toBe('var(--emergency-edge)');
    expect(main['padding-bottom']).toBe('calc(var(--emergency-size) + 2 * var(--emergency-edge))');
  });
});
