import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RecoveryKeyStep } from './recovery-key-step';

const KEY = 'AB0C-DEF1-GH2J-KM3N-PQ4R-ST5V-WX6Y-Z789';

/** The numbers (from 1) of the two groups the step asks for, in the order of their fields. */
const asked = () => screen.getAllByText(/^Group \d of your key$/).map((label) => Number(label.textContent!.match(/\d/)![0]));

describe('the recovery key step', () => {
  it('keeps the key only once two of its groups are typed back as written, with the key hidden meanwhile', async () => {
    const user = userEvent.setup();
    const onKept = vi.fn(async () => undefined);
    render(<RecoveryKeyStep recoveryKey={KEY} onKept={onKept} />);
    await user.click(screen.getByRole('button', { name: 'I have written it down' }));
    expect(screen.queryByLabelText('Recovery key')).toBeNull();

    const fields = screen.getAllByLabelText(/^Group \d of your key$/);
    expect(fields).toHaveLength(2);
    for (const field of fields) await user.type(field, 'ZZZZ');
    await user.click(screen.getByRole('button', { name: 'Check and keep it' }));
    expect(screen.getByRole('alert')).toHaveTextContent('That is not what your key says.');
    expect(onKept).not.toHaveBeenCalled();

    // Read as the key itself is read: lower case, O for 0, l for 1.
    const groups = KEY.split('-');
    const numbers = asked();
    expect(new Set(numbers).size).toBe(2);
    for (const [i, field] of fields.entries()) {
      await user.clear(field);
      await user.type(field, groups[numbers[i] - 1].toLowerCase().replace('0', 'o').replace('1', 'l'));
    }
    await user.click(screen.getByRole('button', { name: 'Check and keep it' }));
    expect(onKept).toHaveBeenCalledOnce();
  });

  it('shows the key again on request', async () => {
    const user = userEvent.setup();
    render(<RecoveryKeyStep recoveryKey={KEY} onKept={async () => undefined} />);
    await user.click(screen.getByRole('button', { name: 'I have written it down' }));
    await user.click(screen.getByRole('button', { name: 'Show the key again' }));
    expect(screen.getByLabelText('Recovery key')).toHaveAttribute('data-recovery-key', KEY);
  });
});
