import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import HomePage from './home-page';
import { TESTIMONIALS } from './home-content';

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

  it('shows the Safety First box with the toll-free helpline 100 and the panic button tip', () => {
    renderHome();
    const box = screen.getByRole('region', { name: 'Safety First' });
    expect(within(box).getByRole('link', { name: '100' })).toHaveAttribute('href', 'tel:100');
    expect(box).toHaveTextContent('toll free');
    expect(box).toHaveTextContent(/emergency button/);
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
    expect(TESTIMONIALS).toHaveLength(2);
    for (const t of TESTIMONIALS) expect(screen.getByText(`“${t.quote}”`)).toBeInTheDocument();
  });
});
