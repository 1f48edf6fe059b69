import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppConfigProvider, DEFAULT_CONFIG } from '../lib/app-config';
import { ENGLISH, I18nProvider, loadBuiltInCatalogue } from '../lib/i18n';
import { EmergencyCallButtons } from './emergency-calls';

describe('EmergencyCallButtons', () => {
  const kenya = {
    ...DEFAULT_CONFIG,
    local: {
      emergency_number: '999',
      helpline_number: '1195',
      emergency_contacts: [
        { label: { en: 'Police', sw: 'Polisi' }, numbers: ['999', '+254 112'] },
        { label: 'Gender Violence Helpline', numbers: ['1195'] },
      ],
    },
  };

  it("offers one call button per configured number, named with its service", () => {
    render(
      <AppConfigProvider value={kenya}>
        <I18nProvider value={{ lang: 'en', catalogue: ENGLISH }}>
          <EmergencyCallButtons />
        </I18nProvider>
      </AppConfigProvider>,
    );
    expect(screen.getByRole('link', { name: 'Police: 999' })).toHaveAttribute('href', 'tel:999');
    expect(screen.getByRole('link', { name: 'Police: +254 112' })).toHaveAttribute('href', 'tel:+254112');
    expect(screen.getByRole('link', { name: 'Gender Violence Helpline: 1195' })).toHaveAttribute('href', 'tel:1195');
    expect(screen.getAllByRole('link')).toHaveLength(3);
  });

  it('labels the default numbers in Hindi for a Hindi page', async () => {
    const hindi = (await loadBuiltInCatalogue('hi'))!;
    render(
      <I18nProvider value={{ lang: 'hi', catalogue: hindi }}>
        <EmergencyCallButtons />
      </I18nProvider>,
    );
    expect(screen.getByRole('link', { name: 'महिला हेल्पलाइन: 181' })).toHaveAttribute('href', 'tel:181');
    expect(screen.queryByText(/Police|Ambulance/)).not.toBeInTheDocument();
  });
});
