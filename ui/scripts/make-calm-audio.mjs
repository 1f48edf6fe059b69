#!/usr/bin/env node
// Synthesises the journal's calming sound: a soft, slowly breathing A-major pad that loops
// seamlessly. Deterministic (no randomness): the same bytes every run.
//
//   node scripts/make-calm-audio.mjs [output.wav]
//
// Every frequency and every swell is a whole number of cycles over the loop, so the last
// sample flows straight into the first one and the loop has no click.
import { writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = resolve(here, process.argv[2] ?? '../src/features/journal/calm-loop.wav');

const SAMPLE_RATE = 8000; // a soft pad needs nothing above 4 kHz; keeps the file small
const SECONDS = 12;
const N = SAMPLE_RATE * SECONDS;
const TAU = Math.PI * 2;

// Snap a frequency to a whole number of cycles per loop.
const snap = (hz) => Math.round(hz * SECONDS) / SECONDS;

// A-major add9 voicing, low and open. [frequency, gain, swell cycles per loop, swell phase]
const voices = [
  [110.0, 0.34, 1, 0.0], // A2
  [164.81, 0.22, 1, 0.9], // E3
  [220.0, 0.2, 2, 2.1], // A3
  [277.18, 0.16, 1, 3.3], // C#4
  [329.63, 0.13, 2, 4.4], // E4
  [493.88, 0.07, 1, 5.2], // B4
];

const samples = new Float64Array(N);
for (const [hz, gain, swells, phase] of voices) {
  const f = snap(hz);
  const detuned = f + 1 / SECONDS; // a second voice one cycle apart: slow, gentle beating
  for (let i = 0; i < N; i++) {
    const t = i / SAMPLE_RATE;
    // Slow swell between 35% and 100% of the voice's gain.
    const swell = 0.675 + 0.325 * Math.sin((TAU * swells * t) / SECONDS + phase);
    const tone =
      Math.sin(TAU * f * t) * 0.5 +
      Math.sin(TAU * detuned * t + phase) * 0.5 +
      Math.sin(TAU * 2 * f * t) * 0.06; // a touch of warmth
    samples[i] += gain * swell * tone;
  }
}

// Normalise to a quiet peak (the player also sets volume 0.5).
let peak = 0;
for (const s of samples) peak = Math.max(peak, Math.abs(s));
const target = 0.55;

const dataBytes = N * 2;
const buf = Buffer.alloc(44 + dataBytes);
buf.write('RIFF', 0, 'ascii');
buf.writeUInt32LE(36 + dataBytes, 4);
buf.write('WAVE', 8, 'ascii');
buf.write('fmt ', 12, 'ascii');
buf.writeUInt32LE(16, 16); // PCM chunk size
buf.writeUInt16LE(1, 20); // PCM
buf.writeUInt16LE(1, 22); // mono
buf.writeUInt32LE(SAMPLE_RATE, 24);
buf.writeUInt32LE(SAMPLE_RATE * 2, 28); // byte rate
buf.writeUInt16LE(2, 32); // block align
buf.writeUInt16LE(16, 34); // bits per sample
buf.write('data', 36, 'ascii');
buf.writeUInt32LE(dataBytes, 40);
for (let i = 0; i < N; i++) {
  const v = Math.round((samples[i] / peak) * target * 32767);
  buf.writeInt16LE(Math.max(-32768, Math.min(32767, v)), 44 + i * 2);
}

writeFileSync(out, buf);
console.log(`wrote ${out} (${buf.length} bytes, ${SECONDS} s at ${SAMPLE_RATE} Hz)`);
