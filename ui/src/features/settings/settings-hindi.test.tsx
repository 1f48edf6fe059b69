import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Catalogue } from '../../lib/i18n';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { HomeAppSection } from './home-app-section';
import { PrivacySection } from './privacy-section';
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

  it('explain stepping away, disguises, Voice Entry and the home-screen app in Hindi only', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response('{"kind":"weather"}', { status: 200 })));
    const { container } = render(
      inLanguage(
        'hi',
        hindi,
        <>
          <PrivacySection />
          <HomeAppSection />
        </>,
      ),
    );
    expect(screen.getByRole('heading', { name: hindi.settings.stepAwayHeading as string })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: hindi.settings.idleNotes as string })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: hindi.settings.voiceOffer as string })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: hindi.settings.homeAppHeading as string })).toBeInTheDocument();
    // Key names on a keyboard stay as they are printed on the keys.
    expect(latinWords(container, ['Tab', 'Enter'])).toEqual([]);
  });
});
