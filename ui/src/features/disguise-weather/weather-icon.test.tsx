import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ICON_CODES, WeatherIcon, WeatherIconDrawings } from './weather-icon';

describe('weather icons', () => {
  it('every icon code the server sends has its own drawing in weather-icons.svg, and the file no other', () => {
    const { container } = render(<WeatherIconDrawings />);
    const ids = [...container.querySelectorAll('symbol')].map((s) => s.id).sort();
    expect(ids).toEqual(ICON_CODES.map((c) => `wx-icon-${c}`).sort());
    for (const symbol of container.querySelectorAll('symbol')) expect(symbol.children.length).toBeGreaterThan(0);
  });

  it('an icon shows the drawing for its code, and an unknown code the cloud', () => {
    const { container } = render(
      <>
        <WeatherIcon code="rain" />
        <WeatherIcon code="tornado" />
      </>,
    );
    const uses = [...container.querySelectorAll('svg[data-icon] use')].map((u) => u.getAttribute('href'));
    expect(uses).toEqual(['#wx-icon-rain', '#wx-icon-cloudy']);
  });
});
