import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import HomePage from './home-page';
import hindi from '../../locales/hi/home.json';
import { englishList } from '../../lib/english-text';
import { AppConfigProvider, DEFAULT_CONFIG } from '../../lib/app-config';
import { I18nProvider, loadBuiltInCatalogue } from '../../lib/i18n';

const renderHome = () =>
  render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );

describe('Home page', () => {
  it('offers Start Journaling and Find Resources', () => {
    renderHome();
    expect(screen.getByRole('link', { name: 'Start Journaling' })).toHaveAttribute('href', '/journal');
    expect(screen.getByRole('link', { name: 'Find Resources' })).toHaveAttribute('href', '/resources');
  });

  it('shows the Safety First box with the women helpline 181, by the name the list of numbers gives it, and the panic button tip', () => {
    renderHome();
    const box = screen.getByRole('region', { name: 'Safety First' });
    const call = within(box).getByRole('link', { name: 'Call the Women Helpline: 181' });
    expect(call).toHaveAttribute('href', 'tel:181');
    expect(screen.getByRole('link', { name: 'Women Helpline: 181' })).toHaveAttribute('href', 'tel:181');
    expect(box).toHaveTextContent(/emergency button/);
  });

  it('calls a helpline the operator lists nowhere else just "the helpline"', () => {
    render(
      <AppConfigProvider value={{ ...DEFAULT_CONFIG, local: { ...DEFAULT_CONFIG.local, helpline_number: '1195' } }}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </AppConfigProvider>,
    );
    const box = screen.getByRole('region', { name: 'Safety First' });
    expect(within(box).getByRole('link', { name: 'Call the helpline: 1195' })).toHaveAttribute('href', 'tel:1195');
  });

  it('has six feature cards linking to the right screens, and two testimonials', () => {
    renderHome();
    const features = screen.getByRole('region', { name: /can help/ });
    const links = within(features).getAllByRole('link');
    expect(links.map((a) => a.getAttribute('href'))).toEqual([
      '/journal',
      '/safety-plan',
      '/resources',
      '/mood',
      '/journal',
      '/settings',
    ]);
    const quotes = englishList('home.testimonials');
    expect(quotes).toHaveLength(2);
    for (const quote of quotes) expect(screen.getByText(`“${quote}”`)).toBeInTheDocument();
  });

  it('speaks Hindi when the page is in Hindi', async () => {
    const catalogue = (await loadBuiltInCatalogue('hi'))!;
    render(
      <I18nProvider value={{ lang: 'hi', catalogue }}>
        <MemoryRouter>
          <HomePage />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(hindi.heroTitle);
    expect(screen.getByRole('region', { name: hindi.safetyHeading })).toHaveTextContent(hindi.leaveQuickly);
    expect(screen.getByText(`“${hindi.testimonials[0]}”`)).toBeInTheDocument();
    expect(screen.queryByText('Start Journaling')).toBeNull();
  });
});
