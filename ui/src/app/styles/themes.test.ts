// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The browser suite checks each screen with axe-core's every rule in the light theme and with only its colour
// rules in the dark one (ui/e2e/harness.mjs, checkScreen). That holds only while a theme changes colours and
// nothing else: a theme that hid, showed or moved something could break a rule the dark run no longer looks at.

const SRC = join(__dirname, '..', '..');

function styleSheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name);
    if (entry.isDirectory()) return styleSheets(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

/** Every innermost `selector { declarations }` block that names a theme, with its declarations. */
function themeRules(): { file: string; selector: string; declarations: [string, string][] }[] {
  return styleSheets(SRC).flatMap((file) => {
    const css = readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    return [...css.matchAll(/([^{}]+)\{([^{}]*)\}/g)]
      .filter(([, selector]) => /\.theme-(light|dark)\b/.test(selector))
      .map(([, selector, body]) => ({
        file: file.slice(SRC.length + 1),
        selector: selector.trim(),
        declarations: body
          .split(';')
          .map((d) => d.trim())
          .filter(Boolean)
          .map((d) => {
            const colon = d.indexOf(':');
            return [d.slice(0, colon).trim(), d.slice(colon + 1).trim()] as [string, string];
          }),
      }));
  });
}

const COLOUR_PROPERTIES = /^(color|background-color|border(-(top|right|bottom|left))?-color|outline-color|text-decoration-color|caret-color|accent-color|fill|stroke)$/;
/** A colour as the style sheets write one. */
const COLOUR = String.raw`#[0-9a-f]{3,8}\b|\b(rgb|rgba|hsl|hsla)\([^)]*\)|\btransparent\b|\bcurrentcolor\b`;
const COLOURS = new RegExp(COLOUR, 'gi');
/** A whole value that is one colour, or a token (which the custom properties' rule covers). */
const COLOUR_VALUE = new RegExp(String.raw`^(${COLOUR}|var\(--[\w-]+\))$`, 'i');

describe('the themes', () => {
  it('change colours only, so the dark theme needs only axe-core’s colour rules', () => {
    const rules = themeRules();
    expect(rules.length).toBeGreaterThan(0);
    const custom = new Map<string, Set<string>>();
    const other: string[] = [];
    for (const { file, selector, declarations } of rules) {
      for (const [property, value] of declarations) {
        if (property.startsWith('--')) {
          // A token is the same in both themes once its colours are taken out (a radius, a focus ring's width).
          // A shadow may be deeper in the dark: it moves nothing and hides nothing, and what it paints under
          // the text is the colour rules' business, which the dark run keeps.
          if (property === '--shadow') continue;
          custom.set(property, (custom.get(property) ?? new Set()).add(value.replace(COLOURS, 'colour')));
        } else if (property === 'color-scheme' ? !/^(light|dark)$/.test(value) : !COLOUR_PROPERTIES.test(property) || !COLOUR_VALUE.test(value)) {
          other.push(`${file}: ${selector} { ${property}: ${value} }`);
        }
      }
    }
    const differing = [...custom].filter(([, values]) => values.size > 1).map(([name, values]) => `${name}: ${[...values].join(' / ')}`);
    expect(other).toEqual([]);
    expect(differing).toEqual([]);
  });
});
