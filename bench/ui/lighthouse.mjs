#!/usr/bin/env node
// Lighthouse (mobile: the default config, i.e. Moto G Power emulation with simulated slow-4G/4x-CPU throttling)
// on /auth (or PAGE=/weather, its weather calls answered by the end-to-end tests' weather stand-in) of the real
// solace binary, categories performance and accessibility, run RUNS times (default 3); prints every run, the
// median scores and metrics, and the audits that kept a score from being perfect.
// Goal: performance 100 and accessibility 100 in at least two runs of three (RUNS=5: four of five, and so on).
// Exits 1 when the goal is missed, 2 when a run failed.
//
// Env: SOLACE_BIN, SOLACE_URL (see server.mjs), CHROME_PATH (default /usr/bin/chromium), RUNS (default 3),
// PAGE (default /auth; /weather for the weather disguise).
// Reports: reports/lighthouse-<n>.report.{json,html} (git-ignored).
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_ARGS, DEBIAN_CHROMIUM } from '../../tests/support/chromium.mjs';
import { startSolaceFor } from './server.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const LH_CLI = join(HERE, 'node_modules', 'lighthouse', 'cli', 'index.js');
const REPORTS = join(HERE, 'reports');
const RUNS = Number(process.env.RUNS || 3);
const PAGE = process.env.PAGE || '/auth';
const GOAL_PERF = 100;
const GOAL_A11Y = 100;
const GOAL_RUNS = Math.ceil((RUNS * 2) / 3);
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_ARGS].join(' ');

const METRICS = [
  ['FCP', 'first-contentful-paint', (v) => `${(v / 1000).toFixed(2)} s`],
  ['LCP', 'largest-contentful-paint', (v) => `${(v / 1000).toFixed(2)} s`],
  ['TBT', 'total-blocking-time', (v) => `${Math.round(v)} ms`],
  ['CLS', 'cumulative-layout-shift', (v) => v.toFixed(3)],
  ['SI', 'speed-index', (v) => `${(v / 1000).toFixed(2)} s`],
  ['transfer', 'total-byte-weight', (v) => `${(v / 1000).toFixed(1)} KB`],
];

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

function runLighthouse(url, outBase) {
  return new Promise((resolve, reject) => {
    const args = [
      LH_CLI, url,
      '--only-categories=performance,accessibility',
      '--output=json', '--output=html', `--output-path=${outBase}`,
      `--chrome-flags=${CHROME_FLAGS}`,
      '--quiet',
    ];
    const child = spawn(process.execPath, args, {
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH || DEBIAN_CHROMIUM },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}`));
      resolve(JSON.parse(readFileSync(`${outBase}.report.json`, 'utf8')));
    });
  });
}

function summarise(lhr) {
  if (lhr.runtimeError) throw new Error(`lighthouse runtime error: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const m = Object.fromEntries(METRICS.map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? NaN]));
  return {
    perf: Math.round(lhr.categories.performance.score * 100),
    a11y: Math.round(lhr.categories.accessibility.score * 100),
    metrics: m,
    requests: lhr.audits['network-requests']?.details?.items?.length ?? NaN,
    warnings: lhr.runWarnings || [],
  };
}

// Lighthouse 12 "insight" audits nest their details in list sections (e.g. the request chain tree).
function describeSection(sec) {
  const v = sec.value || {};
  if (v.type === 'network-tree') {
    const lines = [];
    const walk = (chains, depth) => {
      for (const c of Object.values(chains || {})) {
        lines.push(`${'  '.repeat(depth)}${c.url} (ends ${Math.round(c.navStartToEndTime)} ms, ${c.transferSize} B)`);
        walk(c.children, depth + 1);
      }
    };
    walk(v.chains, 0);
    lines.push(`longest chain ${Math.round(v.longestChain?.duration ?? NaN)} ms`);
    return lines;
  }
  if (v.type === 'text') return [`${sec.title ? `${sec.title}: ` : ''}${v.value}`];
  return [JSON.stringify(sec).slice(0, 160)];
}

// Audits that held a category below 100: weighted audits scoring < 1, plus perf opportunities/diagnostics that fail.
function failingAudits(lhr) {
  const out = [];
  for (const catId of ['performance', 'accessibility']) {
    for (const ref of lhr.categories[catId].auditRefs) {
      const a = lhr.audits[ref.id];
      if (!a || a.score === null || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable'
          || a.scoreDisplayMode === 'manual') continue;
      const threshold = catId === 'accessibility' ? 1 : 0.9;
      if (a.score >= threshold) continue;
      const items = (a.details?.items || []).slice(0, 8).flatMap((it) => {
        if (it.type === 'list-section') return describeSection(it);
        if (it.node) return `${it.node.selector || ''} ${it.node.snippet || ''}\n        ${(it.node.explanation || '').replace(/\n/g, '\n        ')}`;
        const bits = [];
        if (it.groupLabel) bits.push(it.groupLabel);
        if (it.url) bits.push(it.url);
        if (it.scripting) bits.push(`scripting ${Math.round(it.scripting)} ms`);
        if (it.wastedBytes) bits.push(`wasted ${Math.round(it.wastedBytes)} B`);
        if (it.wastedMs) bits.push(`wasted ${Math.round(it.wastedMs)} ms`);
        if (it.totalBytes) bits.push(`total ${Math.round(it.totalBytes)} B`);
        if (it.duration) bits.push(`${Math.round(it.duration)} ms`);
        return bits.join(', ') || JSON.stringify(it).slice(0, 160);
      });
      // TBT has no details of its own: show where the main-thread time went (times are after 4x CPU slowdown).
      if (a.id === 'total-blocking-time') {
        for (const [id, label] of [['long-tasks', 'long task'], ['bootup-time', 'JS execution']]) {
          for (const it of (lhr.audits[id]?.details?.items || []).slice(0, 5)) {
            const ms = Math.round(it.duration ?? it.total);
            items.push(`${label}: ${it.url} ${ms} ms${it.startTime !== undefined ? ` at ${Math.round(it.startTime)} ms` : ''}`);
          }
        }
      }
      out.push({ category: catId, id: a.id, title: a.title, score: a.score, weight: ref.weight, display: a.displayValue || '', items });
    }
  }
  return out;
}

async function main() {
  mkdirSync(REPORTS, { recursive: true });
  const server = await startSolaceFor(PAGE);
  const runs = [];
  try {
    const url = `${server.url}${PAGE}`;
    console.log(`Lighthouse ${JSON.parse(readFileSync(join(HERE, 'node_modules/lighthouse/package.json'), 'utf8')).version}` +
      ` (mobile default config) on ${url}, ${RUNS} runs`);
    for (let i = 1; i <= RUNS; i++) {
      const lhr = await runLighthouse(url, join(REPORTS, `lighthouse-${i}`));
      const s = summarise(lhr);
      runs.push({ lhr, s });
      console.log(`run ${i}: performance ${s.perf}, accessibility ${s.a11y}, ` +
        METRICS.map(([n, , f]) => `${n} ${f(s.metrics[n])}`).join(', ') + `, ${s.requests} requests` +
        `, benchmarkIndex ${Math.round(lhr.environment?.benchmarkIndex)}` +
        (s.warnings.length ? `\n  warning: ${s.warnings.map((w) => w.replace(/\s*Learn more.*$/s, '').replace(/\s+/g, ' ')).join(' | ')}` : ''));
    }
  } finally {
    await server.stop();
  }

  const perf = median(runs.map((r) => r.s.perf));
  const a11y = median(runs.map((r) => r.s.a11y));
  const full = runs.filter((r) => r.s.perf >= GOAL_PERF && r.s.a11y >= GOAL_A11Y).length;
  console.log(`\nruns with performance ${GOAL_PERF} and accessibility ${GOAL_A11Y}: ${full} of ${runs.length} (goal ${GOAL_RUNS})`);
  console.log(`median of ${runs.length}: performance ${perf}, accessibility ${a11y}`);
  for (const [n, , f] of METRICS) console.log(`  ${n.padEnd(8)} ${f(median(runs.map((r) => r.s.metrics[n])))}`);
  const first = runs[0].lhr;
  console.log(`  (${first.environment?.hostUserAgent?.match(/Chrome\/[\d.]+/)?.[0] || 'Chrome'}, ` +
    `throttling ${first.configSettings.throttlingMethod}, ` +
    `form factor ${first.configSettings.formFactor})`);

  // Audits that failed in any run, with the run numbers, details from the first run where they failed.
  const seen = new Map();
  runs.forEach(({ lhr }, i) => {
    for (const f of failingAudits(lhr)) {
      const key = `${f.category}/${f.id}`;
      if (!seen.has(key)) seen.set(key, { ...f, runs: [] });
      seen.get(key).runs.push(i + 1);
    }
  });
  if (seen.size) {
    console.log('\naudits below full marks (performance: score < 0.9, accessibility: score < 1):');
    for (const f of seen.values()) {
      const weight = f.weight ? `weight ${f.weight}` : 'no weight in the score';
      console.log(`  [${f.category}] ${f.id}: ${f.title} (score ${f.score}, ${weight}${f.display ? `, ${f.display}` : ''}) in runs ${f.runs.join(',')}`);
      for (const it of f.items) console.log(`      - ${it}`);
    }
  } else {
    console.log('\nno audit below full marks in any run');
  }
  process.exit(full >= GOAL_RUNS ? 0 : 1);
}

main().catch((err) => {
  console.error(`lighthouse bench: failed: ${err.stack || err}`);
  process.exit(2);
});
