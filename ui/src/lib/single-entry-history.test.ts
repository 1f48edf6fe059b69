import { describe, expect, it } from 'vitest';
import { createSingleEntryHistory } from './single-entry-history';

describe('single-entry history', () => {
  it('navigating forward replaces the entry instead of adding one', () => {
    const history = createSingleEntryHistory();
    const start = window.history.length;
    const seen: string[] = [];
    const stop = history.listen(({ location }) => seen.push(location.pathname));
    history.push('/journal');
    history.push('/safety-plan');
    history.replace('/mood');
    expect(window.history.length).toBe(start);
    expect(window.location.pathname).toBe('/mood');
    expect(history.location.pathname).toBe('/mood');
    expect(seen).toEqual(['/journal', '/safety-plan', '/mood']);
    stop();
  });
});
