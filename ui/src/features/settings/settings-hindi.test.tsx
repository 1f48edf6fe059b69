import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../lib/i18n';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { RememberEmailSection } from './remember-email-section';
import { StayingSafeSection } from './staying-safe-section';

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});

describe('Settings sections in Hindi', () => {
  it('explain staying safe and the remembered e-mail in Hindi only', () => {
    const { container } = render(
      inLanguage(
        'hi',
        hindi,
        <MemoryRouter>
          <StayingSafeSection />
          <RememberEmailSection />
        </MemoryRouter>,
      ),
    );
    expect(screen.getByRole('heading', { name: 'सुरक्षित रहना' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '‘सुरक्षित रहना’ पढ़ें' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'मेरा ईमेल इस फ़ोन या कंप्यूटर पर याद रखें' })).toBeInTheDocument();
    expect(latinWords(container)).toEqual([]);
  });
});
