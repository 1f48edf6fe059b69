import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import HomePage from '../features/home/home-page';
import { MoodChart } from '../features/mood/mood-chart';
import { StayingSafeSection } from '../features/settings/staying-safe-section';
import { QuickExitBar } from '../components/quick-exit-button';

/** A device whose pointer is a finger (`coarse`) or a mouse. */
function pointer(coarse: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: coarse && (query === '(pointer: coarse)' || query === '(hover: none)'),
      media: query,
      addEventListener() {},
      removeEventListener() {},
    })),
  );
}

afterEach(() => vi.unstubAllGlobals());

// Today, on this device's calendar: the chart shows the last days.
const today = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);

const screens = () =>
  render(
    <MemoryRouter>
      <HomePage />
      <StayingSafeSection />
      <QuickExitBar />
      <MoodChart entries={[{ id: 'a', date: today, mood: 3, notes: '' }]} />
    </MemoryRouter>,
  );

describe('what a touch screen is told (issue 36: a phone was told to press Shift three times)', () => {
  it('speaks of no Shift key and no arrow keys on a touch screen, and says what a finger can do', () => {
    pointer(true);
    const { container } = screens();
    expect(container.textContent).not.toMatch(/Shift|arrow keys/);
    expect(screen.getByText(/Tap Exit now at the top of the screen\./)).toBeInTheDocument();
    expect(screen.getByText('Tap a point to read a day.')).toBeInTheDocument();
  });

  it('still tells a keyboard its shortcuts', () => {
    pointer(false);
    const { container } = screens();
    expect(container.textContent).toMatch(/press Shift three times/);
    expect(container.textContent).toMatch(/arrow keys/);
  });
});
