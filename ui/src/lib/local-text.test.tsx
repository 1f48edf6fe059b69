import { describe, expect, it } from 'vitest';
import { pickLocalText } from './local-text';

describe('pickLocalText', () => {
  const label = { en: 'Police', hi: 'पुलिस', pt: 'Polícia' };

  it('picks the page language, then its base language, then the default, then English', () => {
    expect(pickLocalText(label, 'hi', 'en')).toBe('पुलिस');
    expect(pickLocalText(label, 'pt-BR', 'en')).toBe('Polícia');
    expect(pickLocalText(label, 'fr', 'hi')).toBe('पुलिस');
    expect(pickLocalText(label, 'fr', 'de')).toBe('Police');
    expect(pickLocalText({ sw: 'Polisi' }, 'fr', 'de')).toBe('Polisi');
  });

  it('shows one plain text in every language', () => {
    expect(pickLocalText('Polizei', 'hi', 'en')).toBe('Polizei');
  });
});
