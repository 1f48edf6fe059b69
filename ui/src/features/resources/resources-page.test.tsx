import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppConfigProvider, DEFAULT_CONFIG, type Resource } from '../../lib/app-config';
import { I18nProvider, loadBuiltInCatalogue } from '../../lib/i18n';
import hindi from '../../locales/hi/resources.json';
import ResourcesPage from './resources-page';

const EMPTY = 'No resources found matching your criteria. Try adjusting your search.';


function resourceHeadings() {
  return screen.queryAllByRole('heading', { level: 3 }).map((h) => h.textContent);
}

describe('Resources page', () => {
  it('shows the six built-in resources with tel links, the emergency numbers and the note', () => {
    render(<ResourcesPage />);
    expect(resourceHeadings()).toHaveLength(6);
    const emergency = screen.getByRole('region', { name: 'In immediate danger?' });
    for (const [label, n] of [
      ['Emergency', '112'],
      ['Women Helpline', '181'],
      ['Police Women’s Helpline', '1091'],
      ['Police', '100'],
      ['Ambulance', '108'],
    ]) {
      expect(within(emergency).getByRole('link', { name: `${label}: ${n}` })).toHaveAttribute('href', `tel:${n}`);
    }
    expect(screen.getByRole('link', { name: '1-800-799-7233' })).toHaveAttribute('href', 'tel:18007997233');
    expect(screen.getByText(/not exhaustive/)).toBeInTheDocument();
  });

  it('filters by chip, marking the active chip as pressed', async () => {
    const user = userEvent.setup();
    render(<ResourcesPage />);
    const all = screen.getByRole('button', { name: 'All' });
    const legal = screen.getByRole('button', { name: 'Legal Aid' });
    expect(all).toHaveAttribute('aria-pressed', 'true');
    await user.click(legal);
    expect(legal).toHaveAttribute('aria-pressed', 'true');
    expect(all).toHaveAttribute('aria-pressed', 'false');
    expect(resourceHeadings()).toEqual(['National Legal Services Authority (NALSA)']);
    expect(screen.getByRole('status')).toHaveTextContent('1 resource shown');
    for (const label of ['Helplines', 'Shelters', 'Counseling', 'Medical']) {
      expect(screen.getByRole('button', { name: label })).toBeInTheDocument();
    }
  });

  it('searches case-insensitively and shows the empty text when nothing matches', async () => {
    const user = userEvent.setup();
    render(<ResourcesPage />);
    const search = screen.getByLabelText('Search resources');
    await user.type(search, 'SHELTER');
    expect(resourceHeadings()).toEqual(['One Stop Centre (Sakhi)']);
    await user.click(screen.getByRole('button', { name: 'Medical' }));
    expect(resourceHeadings()).toEqual([]);
    expect(screen.getByText(EMPTY)).toBeInTheDocument();
  });

  it('uses the resources from the server configuration when present', () => {
    const custom: Resource[] = [
      {
        id: 'x',
        name: 'Local Refuge',
        category: 'shelter',
        description: 'A nearby refuge.',
        contact: '100',
        hours: 'Always',
        address: 'Main Street',
        website: 'https://refuge.example',
      },
    ];
    render(
      <AppConfigProvider value={{ ...DEFAULT_CONFIG, resources: custom }}>
        <ResourcesPage />
      </AppConfigProvider>,
    );
    expect(resourceHeadings()).toEqual(['Local Refuge']);
    expect(screen.getByText('Main Street')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /refuge\.example/ })).toHaveAttribute('href', 'https://refuge.example/');
    expect(screen.getByText('Shelter')).toBeInTheDocument();
  });

  it('speaks Hindi when the page is in Hindi, the built-in descriptions included', async () => {
    const catalogue = (await loadBuiltInCatalogue('hi'))!;
    render(
      <I18nProvider value={{ lang: 'hi', catalogue }}>
        <ResourcesPage />
      </I18nProvider>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(hindi.title);
    expect(screen.getByRole('button', { name: hindi.chipShelter })).toBeInTheDocument();
    expect(screen.getByText(hindi.nalsaText)).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: hindi.ambulanceName })).toBeInTheDocument();
    expect(screen.getAllByText(hindi.hoursAlways).length).toBeGreaterThan(0);
    expect(screen.queryByText(/24 hours, 7 days a week/)).toBeNull();
    await userEvent.type(screen.getByLabelText(hindi.search), 'कोई नहीं-zzz');
    expect(screen.getByText(hindi.empty)).toBeInTheDocument();
  });
});
