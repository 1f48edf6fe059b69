import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  installTestVault,
  renderInVault as render,
  seedVault,
  storedRecord,
} from '../../lib/test-utils/test-vault';
import SafetyPlanPage from './safety-plan-page';

const EMPTY = 'No items added yet. Use the form above to add to this category.';
type Item = { id: string; category: string; content: string };
const stored = () => storedRecord('safety-plan-items') as Promise<Item[] | null>;
const section = (name: string) => screen.getByRole('region', { name });

describe('Safety plan page', () => {
  installTestVault();

  it('shows all six sections empty, plus the privacy notice and print tip', () => {
    render(<SafetyPlanPage />);
    for (const name of ['Warning Signs', 'Safe People', 'Safe Places', 'Emergency Contacts', 'Escape Plan', 'Essential Items']) {
      expect(within(section(name)).getByText(EMPTY)).toBeInTheDocument();
    }
    expect(screen.getByText(/never sent to a server/)).toBeInTheDocument();
    expect(screen.getByText(/print this plan/)).toBeInTheDocument();
  });

  it('adds an item to the chosen category, with Add disabled for blank text', async () => {
    const user = userEvent.setup();
    render(<SafetyPlanPage />);
    const add = screen.getByRole('button', { name: 'Add Item' });
    expect(add).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Category'), 'Safe People');
    await user.type(screen.getByLabelText('What would you like to add?'), '   ');
    expect(add).toBeDisabled();
    await user.type(screen.getByLabelText('What would you like to add?'), 'Neighbour Asha');
    await user.click(add);

    expect(within(section('Safe People')).getByText('Neighbour Asha')).toBeInTheDocument();
    expect(within(section('Warning Signs')).getByText(EMPTY)).toBeInTheDocument();
    expect(screen.getByLabelText('What would you like to add?')).toHaveValue('');
    expect(screen.getByText('Item added to Safe People.')).toBeInTheDocument();
    const items = await stored();
    expect(items).toHaveLength(1);
    expect(items![0]).toEqual({ id: expect.any(String), category: 'safe-people', content: 'Neighbour Asha' });
  });

  it('edits inline with Save, and Cancel leaves the item unchanged', async () => {
    seedVault('safety-plan-items', [{ id: '1', category: 'essential-items', content: 'Passport' }]);
    const user = userEvent.setup();
    render(<SafetyPlanPage />);
    const essentials = section('Essential Items');

    await user.click(within(essentials).getByRole('button', { name: 'Edit: Passport' }));
    const field = within(essentials).getByLabelText('Edit item');
    await user.clear(field);
    expect(within(essentials).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(field, 'Passport and ID card');
    await user.click(within(essentials).getByRole('button', { name: 'Cancel' }));
    expect(within(essentials).getByText('Passport')).toBeInTheDocument();
    expect((await stored())![0]!.content).toBe('Passport');

    await user.click(within(essentials).getByRole('button', { name: 'Edit: Passport' }));
    await user.clear(within(essentials).getByLabelText('Edit item'));
    await user.type(within(essentials).getByLabelText('Edit item'), 'Passport and ID card');
    await user.click(within(essentials).getByRole('button', { name: 'Save' }));
    expect(within(essentials).getByText('Passport and ID card')).toBeInTheDocument();
    expect(await stored()).toEqual([{ id: '1', category: 'essential-items', content: 'Passport and ID card' }]);
    expect(within(essentials).getByRole('button', { name: 'Edit: Passport and ID card' })).toHaveFocus();
  });

  it('deletes an item and shows the empty text again', async () => {
    seedVault('safety-plan-items', [{ id: '1', category: 'escape-plan', content: 'Take the back door' }]);
    const user = userEvent.setup();
    render(<SafetyPlanPage />);
    await user.click(screen.getByRole('button', { name: 'Delete: Take the back door' }));
    expect(within(section('Escape Plan')).getByText(EMPTY)).toBeInTheDocument();
    expect(await stored()).toEqual([]);
  });
});
