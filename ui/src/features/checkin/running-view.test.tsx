import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RunningView } from './running-view';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('her running check-in when PINs are refused as locked', () => {
  it('says her PIN is no longer taken in this sign-in, where it still can be, and that otherwise they are told', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/api/checkin/end')
          ? Response.json({ error: 'pin_locked', message: 'Too many wrong PINs.' }, { status: 403 })
          : Response.json({ advocates: [] }),
      ),
    );
    const running = { ends_at: Date.now() + 30 * 60_000, note: '', recipients: ['f@example.org'], advocates: [] };
    const onChange = vi.fn();
    render(<RunningView token="t" running={running} skew={0} onChange={onChange} onLate={vi.fn()} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your check-in PIN'), '2468');
    await user.click(screen.getByRole('button', { name: 'Check in now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('your PIN is no longer taken in this sign-in');
    expect(alert).toHaveTextContent('on a device that is still signed in, you can check in there');
    expect(alert).toHaveTextContent('the people you chose will be told');
    expect(onChange).not.toHaveBeenCalled();
  });
});
