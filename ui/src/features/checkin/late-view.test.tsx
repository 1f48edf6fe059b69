import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime } from '../../lib/dates';
import { AlarmView } from './late-view';
import { RunningView } from './running-view';

afterEach(() => {
  vi.unstubAllGlobals();
});

const TOLD_AT = Date.UTC(2026, 10, 28, 14, 5);
const told = [{ channel: 'email' as const, to: 'f@example.org', told_at: TOLD_AT }];

function server(end: () => Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).endsWith('/api/checkin/end') ? end() : Response.json({ advocates: [] }),
    ),
  );
}

describe('checking in after the alarm went', () => {
  it('shows who was told and when, and her PIN tells them she checked in, late', async () => {
    server(() => Response.json({ told }));
    const onAnswered = vi.fn();
    render(<AlarmView token="t" alarm={{ ends_at: TOLD_AT - 1000, told }} onAnswered={onAnswered} />);
    expect(screen.getByRole('alert')).toHaveTextContent('the people you chose were told');
    const when = formatDateTime(TOLD_AT, 'en');
    expect(screen.getByText(`f@example.org: told at ${when}`)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your check-in PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Check in now' }));
    await vi.waitFor(() => expect(onAnswered).toHaveBeenCalledWith(told));
  });

  it('a wrong PIN after the alarm still says the PIN is not right', async () => {
    server(() => Response.json({ error: 'wrong_pin', message: 'Wrong PIN.' }, { status: 403 }));
    const onAnswered = vi.fn();
    render(<AlarmView token="t" alarm={{ ends_at: TOLD_AT - 1000, told }} onAnswered={onAnswered} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your check-in PIN'), '0000');
    await user.click(screen.getByRole('button', { name: 'Check in now' }));
    expect(await screen.findByText('That PIN is not right.')).toBeInTheDocument();
    expect(onAnswered).not.toHaveBeenCalled();
  });

  it('her PIN on the running screen once its time is up reaches the alarm, not "That did not work"', async () => {
    server(() => Response.json({ told }));
    const onLate = vi.fn();
    const onChange = vi.fn();
    const running = { ends_at: Date.now() - 60_000, note: '', recipients: ['f@example.org'], advocates: [] };
    render(<RunningView token="t" running={running} skew={0} onChange={onChange} onLate={onLate} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your check-in PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Check in now' }));
    await vi.waitFor(() => expect(onLate).toHaveBeenCalledWith(told));
    expect(onChange).not.toHaveBeenCalled();
  });
});
