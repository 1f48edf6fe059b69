import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useLocalStorage } from './use-local-storage';

describe('useLocalStorage', () => {
  it('returns [value, setter] and starts from the initial value when nothing is stored', () => {
    const { result } = renderHook(() => useLocalStorage('journal-entries', [] as string[]));
    expect(result.current).toHaveLength(2);
    expect(result.current[0]).toEqual([]);
    expect(typeof result.current[1]).toBe('function');
  });

  it('reads what is already stored as JSON', () => {
    localStorage.setItem('mood-entries', JSON.stringify([{ id: '1', mood: 4 }]));
    const { result } = renderHook(() => useLocalStorage('mood-entries', [] as unknown[]));
    expect(result.current[0]).toEqual([{ id: '1', mood: 4 }]);
  });

  it('writes values and updater results to localStorage as JSON', () => {
    const { result } = renderHook(() => useLocalStorage('safety-plan-items', [] as string[]));
    act(() => result.current[1](['call my sister']));
    act(() => result.current[1]((prev) => [...prev, 'spare key']));
    expect(result.current[0]).toEqual(['call my sister', 'spare key']);
    expect(JSON.parse(localStorage.getItem('safety-plan-items')!)).toEqual(['call my sister', 'spare key']);
  });

  it('falls back to the initial value when the stored data is corrupt', () => {
    localStorage.setItem('journal-entries', '{not json');
    const { result } = renderHook(() => useLocalStorage('journal-entries', [] as string[]));
    expect(result.current[0]).toEqual([]);
    act(() => result.current[1](['fresh start']));
    expect(localStorage.getItem('journal-entries')).toBe('["fresh start"]');
  });
});
