import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DisguiseTitle } from './disguise-title';
import { PanicProvider } from '../providers/panic';

function Where() {
  return <output data-testid="where">{useLocation().pathname}</output>;
}

function renderDisguise() {
  render(
    <MemoryRouter initialEntries={['/notes']}>
      <PanicProvider>
        <Routes>
          <Route path="/notes" element={<DisguiseTitle className="qn-title">Notes</DisguiseTitle>} />
          <Route path="/" element={<p>Home of the app</p>} />
        </Routes>
        <Where />
      </PanicProvider>
    </MemoryRouter>,
  );
  return {
    title: () => screen.getByRole('heading', { name: 'Notes' }),
    where: () => screen.getByTestId('where').textContent,
  };
}

describe('the hidden way back from a disguise', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('a touch or mouse press held for 2 s leaves disguise mode and goes to the app', () => {
    const ui = renderDisguise();
    expect(localStorage.getItem('view-mode')).toBe('notes');
    fireEvent.pointerDown(ui.title(), { button: 0 });
    act(() => vi.advanceTimersByTime(1_999));
    expect(ui.where()).toBe('/notes');
    act(() => vi.advanceTimersByTime(1));
    expect(ui.where()).toBe('/');
    expect(screen.getByText('Home of the app')).toBeInTheDocument();
    expect(localStorage.getItem('view-mode')).toBeNull();
  });

  it('a click, a short press, or a press that slides off does nothing', () => {
    const ui = renderDisguise();
    fireEvent.click(ui.title());
    fireEvent.pointerDown(ui.title(), { button: 0 });
    act(() => vi.advanceTimersByTime(1_500));
    fireEvent.pointerUp(ui.title());
    fireEvent.pointerDown(ui.title(), { button: 0 });
    act(() => vi.advanceTimersByTime(1_500));
    fireEvent.pointerLeave(ui.title());
    act(() => vi.advanceTimersByTime(5_000));
    expect(ui.where()).toBe('/notes');
    expect(localStorage.getItem('view-mode')).toBe('notes');
  });

  it('holding Enter for 2 s with the focus on the title works by keyboard; a quick Enter does not', () => {
    const ui = renderDisguise();
    ui.title().focus();
    fireEvent.keyDown(ui.title(), { key: 'Enter' });
    act(() => vi.advanceTimersByTime(500));
    fireEvent.keyUp(ui.title(), { key: 'Enter' });
    act(() => vi.advanceTimersByTime(3_000));
    expect(ui.where()).toBe('/notes');

    fireEvent.keyDown(ui.title(), { key: 'Enter' });
    act(() => vi.advanceTimersByTime(1_000));
    fireEvent.keyDown(ui.title(), { key: 'Enter', repeat: true }); // auto-repeat does not restart the count
    act(() => vi.advanceTimersByTime(1_000));
    expect(ui.where()).toBe('/');
  });
});
