import { describe, expect, it } from 'vitest';
import { EMPTY_FORECAST_TEXT, LOADING_TEXT, UNEXPECTED_TEXT, weatherErrorText } from './weather-messages';

describe('weather error texts', () => {
  it('401 means a bad API key', () => {
    expect(weatherErrorText('current', 'Delhi', 401, 'Unauthorized', { message: 'x' })).toBe(
      'Error: Invalid API Key. Please check your OpenWeatherMap API key.',
    );
  });

  it('404 names the city, with a different text for the forecast', () => {
    expect(weatherErrorText('current', 'Atlantis', 404, 'Not Found', null)).toBe(
      'Error: City "Atlantis" not found. Please check the spelling.',
    );
    expect(weatherErrorText('forecast', 'Atlantis', 404, 'Not Found', null)).toBe(
      'Error: City "Atlantis" not found for forecast.',
    );
  });

  it('other statuses show the server message, else the status text, else the code', () => {
    expect(weatherErrorText('current', 'Delhi', 502, 'Bad Gateway', { error: 'upstream', message: 'Upstream down' })).toBe(
      'Error: Upstream down',
    );
    expect(weatherErrorText('current', 'Delhi', 504, 'Gateway Timeout', null)).toBe('Error: Gateway Timeout');
    expect(weatherErrorText('forecast', 'Delhi', 503, '', {})).toBe('Error: 503');
  });

  it('keeps the product texts for loading, empty and unexpected failures', () => {
    expect(LOADING_TEXT).toBe('Loading weather data...');
    expect(EMPTY_FORECAST_TEXT).toBe('No 5-day forecast available.');
    expect(UNEXPECTED_TEXT).toBe('An unexpected error occurred while fetching weather data.');
  });
});
