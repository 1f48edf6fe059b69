import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { PanicProvider, usePanic } from './panic';

function EnterWeather() {
  const { enterDisguise, leaveDisguise } = usePanic();
  return (
    <>
      <button onClick={() => enterDisguise('weather')}>Weather</button>
      <button onClick={() => leaveDisguise()}>Back</button>
    </>
  );
}

const icon = () => document.head.querySelector('link[rel="icon"]')?.getAttribute('href');

afterEach(() => {
  document.head.querySelector('link[rel="icon"]')?.remove();
  localStorage.clear();
});

describe('the tab icon when she enters a disguise (issue 36: Weather Mode left it blank until a reload)', () => {
  it('becomes the disguise picture at once, and the served icon again when she leaves', () => {
    document.head.insertAdjacentHTML('beforeend', '<link rel="icon" href="data:," />');
    render(
      <MemoryRouter initialEntries={['/']}>
        <PanicProvider>
          <Routes>
            <Route path="*" element={<EnterWeather />} />
          </Routes>
        </PanicProvider>
      </MemoryRouter>,
    );
    expect(icon()).toBe('data:,');
    act(() => screen.getByRole('button', { name: 'Weather' }).click());
    expect(icon()).toBe('/icons/weather-192.png');
    expect(document.head.querySelector('link[rel="icon"]')?.getAttribute('type')).toBe('image/png');
    act(() => screen.getByRole('button', { name: 'Back' }).click());
    expect(icon()).toBe('data:,');
  });
});
