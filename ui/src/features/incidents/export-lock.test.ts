import { describe, expect, it } from 'vitest';
import { exportFileName, lockProblem, MIN_PASSWORD_LENGTH } from './export-lock';

describe("the export's lock", () => {
  it('asks for at least ten characters, counted as typed (Hindi too), typed the same twice', () => {
    expect(MIN_PASSWORD_LENGTH).toBe(10);
    expect(lockProblem('', '')).toBe('short');
    expect(lockProblem('mango tree', 'mango tree')).toBeNull();
    expect(lockProblem('mango tre', 'mango tre')).toBe('short');
    expect(lockProblem('mango tree', 'mango  tree')).toBe('different');
    expect(lockProblem('mango tree', 'Mango tree')).toBe('different');
    // Ten Devanagari characters are ten, though they are thirty bytes in UTF-8.
    expect(lockProblem('आमकापेड़पास', 'आमकापेड़पास')).toBeNull();
    expect(lockProblem('आमकापेड़', 'आमकापेड़')).toBe('short');
  });

  it('names the file plainly: a date, nothing of what it holds', () => {
    const name = exportFileName(new Date('2026-11-28T21:00:00Z'));
    expect(name).toBe('documents-2026-11-28.zip');
    expect(name).not.toMatch(/incident|record|abuse|evidence|solace/i);
  });
});
