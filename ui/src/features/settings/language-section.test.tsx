import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { applyDocumentLanguage, ENGLISH, LanguageProvider } from '../../lib/i18n';
import { STORAGE_KEYS } from '../../lib/storage-keys';
import { LanguageSection } from './language-section';

describe('LanguageSection', () => {
  afterEach(() => applyDocumentLanguage('en'));

  it('switches the app to Hindi, sets the page language and remembers the choice', async () => {
    render(
      <LanguageProvider
        initial={{ lang: 'en', catalogue: ENGLISH }}
        settings={{ defaultLanguage: 'en', available: ['en', 'hi'], fromOperator: [] }}
      >
        <LanguageSection />
      </LanguageProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Language' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'English' })).toBeChecked();

    await userEvent.click(screen.getByRole('radio', { name: 'हिन्दी' }));

    expect(await screen.findByRole('heading', { name: 'भाषा' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'हिन्दी' })).toBeChecked();
    expect(document.documentElement.lang).toBe('hi');
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('hi');
  });
});
