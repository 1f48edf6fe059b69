import { describe, expect, it } from 'vitest';
import { englishText } from './english-text';
import { COUNT_WINDOW_MS, onKeyDown, onKeyUp, START, type KeyCount, type KeyLike } from './quick-exit-keys';

type Ev = ['down' | 'up', KeyLike, number];

/** Feeds events in order; returns the announcements and whether (and after which event) the exit fired. */
function run(events: Ev[]) {
  let state: KeyCount = START;
  const said: string[] = [];
  let exitAt = -1;
  events.forEach(([kind, e, t], i) => {
    const step = kind === 'down' ? onKeyDown(state, e, t) : onKeyUp(state, e, t);
    state = step.state;
    if (step.announce !== null) said.push(step.announce.key && englishText(step.announce.key, step.announce.vars));
    if (step.exit && exitAt < 0) exitAt = i;
  });
  return { said, exitAt };
}

const shift = (t: number): Ev[] => [
  ['down', { key: 'Shift' }, t],
  ['up', { key: 'Shift' }, t + 50],
];
const esc = (t: number): Ev[] => [['down', { key: 'Escape' }, t]];

describe('keyboard quick exit: key counting', () => {
  it('Shift three times leaves as the third goes down, counting down aloud', () => {
    const r = run([...shift(0), ...shift(400), ...shift(800)]);
    expect(r.said).toEqual([
      'Press Shift 2 more times to leave this page',
      'Press Shift 1 more time to leave this page',
      'Leaving this page',
    ]);
    expect(r.exitAt).toBe(4);
  });

  it('only within 5 seconds: an old press no longer counts', () => {
    expect(run([...shift(0), ...shift(1000), ...shift(COUNT_WINDOW_MS + 100)]).exitAt).toBe(-1);
    expect(run([...shift(0), ...shift(1000), ...shift(COUNT_WINDOW_MS + 100), ...shift(5500)]).exitAt).toBeGreaterThan(0);
  });

  it('a Shift used for a capital letter does not count', () => {
    const capital: Ev[] = [
      ['down', { key: 'Shift' }, 100],
      ['down', { key: 'A' }, 120],
      ['up', { key: 'A' }, 150],
      ['up', { key: 'Shift' }, 160],
    ];
    expect(run([...shift(0), ...capital, ...shift(300)]).exitAt).toBe(-1);
    expect(run([...shift(0), ...capital, ...shift(300), ...shift(400), ...shift(500)]).exitAt).toBeGreaterThan(0);
  });

  it('Shift with Control, Alt or Meta held does not count', () => {
    const withCtrl: Ev[] = [
      ['down', { key: 'Shift', ctrlKey: true }, 100],
      ['up', { key: 'Shift' }, 150],
    ];
    expect(run([...shift(0), ...withCtrl, ...shift(300)]).exitAt).toBe(-1);
  });

  it('any other key in between starts the count again, and says so', () => {
    const r = run([...shift(0), ...shift(100), ['down', { key: 'x' }, 150], ...shift(200)]);
    expect(r.exitAt).toBe(-1);
    expect(r.said).toContain('');
    expect(r.said.at(-1)).toBe('Press Shift 2 more times to leave this page');
  });

  it('Escape three times leaves; a held-down Escape (auto-repeat) counts once', () => {
    expect(run([...esc(0), ...esc(200), ...esc(400)]).exitAt).toBe(2);
    const held: Ev[] = [
      ['down', { key: 'Escape' }, 0],
      ['down', { key: 'Escape', repeat: true }, 30],
      ['down', { key: 'Escape', repeat: true }, 60],
    ];
    expect(run(held).exitAt).toBe(-1);
    expect(run([...esc(0), ...esc(100), ['down', { key: 'Enter' }, 150], ...esc(200)]).exitAt).toBe(-1);
  });

  it('Shift and Escape do not add up: switching key starts over', () => {
    expect(run([...shift(0), ...shift(100), ...esc(200)]).exitAt).toBe(-1);
    expect(run([...esc(0), ...esc(100), ...shift(200)]).exitAt).toBe(-1);
  });
});
