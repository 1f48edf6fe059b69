#!/usr/bin/env node
// Draws the home-screen icons of the two disguises (the installed app is always one of them) as PNG files in
// public/icons/: 192 and 512 pixels, plain ('any': rounded square) and maskable (full bleed, the picture
// inside the middle 80% that every launcher's mask keeps). The pictures are our own simple shapes, the same as
// the tab icons weather.svg and notes.svg. Rendered by Debian's chromium, so no image library is needed;
// run again only when a picture changes, and commit the result.
//
//   node scripts/draw-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../tests/support/chromium.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const outDir = resolve(here, '../public/icons');

// Each picture on a 64-unit square, without its background.
const PICTURES = {
  weather: {
    background: '#2f80d1',
    shapes:
      '<circle cx="25" cy="25" r="10" fill="#ffd54a"/>' +
      '<path d="M22 48a9 9 0 0 1 1-18 12 12 0 0 1 22 3 7.5 7.5 0 0 1-1 15z" fill="#fff"/>',
  },
  notes: {
    background: '#f2c230',
    shapes:
      '<rect x="14" y="12" width="36" height="42" rx="4" fill="#fffbe8"/>' +
      '<path d="M21 24h22M21 32h22M21 40h14" stroke="#8a7a3d" stroke-width="3" stroke-linecap="round"/>',
  },
};

function svg({ background, shapes }, maskable) {
  const body = maskable
    ? // Full bleed; the picture shrunk into the safe zone (a circle of 80% of the width).
      `<rect width="64" height="64" fill="${background}"/><g transform="translate(32 32) scale(0.72) translate(-32 -32)">${shapes}</g>`
    : `<rect width="64" height="64" rx="14" fill="${background}"/>${shapes}`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">${body}</svg>`;
}

const browser = await chromium.launch({ executablePath: DEBIAN_CHROMIUM, args: [...CHROMIUM_ARGS] });
try {
  for (const [name, picture] of Object.entries(PICTURES)) {
    for (const size of [192, 512]) {
      for (const maskable of [false, true]) {
        const page = await browser.newPage({ viewport: { width: size, height: size } });
        await page.setContent(
          `<!doctype html><html><body style="margin:0;background:transparent">${svg(picture, maskable)}</body></html>`,
        );
        const png = await page.screenshot({ omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
        const file = `${name}-${maskable ? 'maskable-' : ''}${size}.png`;
        writeFileSync(resolve(outDir, file), png);
        console.log(`${file}: ${png.length} bytes`);
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
}
