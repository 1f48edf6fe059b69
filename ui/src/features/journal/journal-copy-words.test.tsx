import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { installTestVault, renderInVault } from '../../lib/test-utils/test-vault';
import { CopyContext, type CopyControl } from '../../lib/vault/copy-context';
import type { CopyStatus } from '../../lib/vault/copy-sync';
import JournalPage from './journal-page';

/** The copy's controls as the screens see them, in `mode`. */
function copyIn(mode: CopyStatus['mode']): CopyControl {
  const status: CopyStatus = { mode, syncing: false, waiting: 0, lastSync: null, problem: null, progress: null, bytes: 0 };
  const nothing = async () => undefined;
  return { status, choice: undefined, newRecoveryKey: () => '', keepRecoveryKey: nothing, postpone: nothing, keepOnlyOnDevice: nothing, copyAgain: nothing, syncNow: nothing };
}

const journalWith = (mode: CopyStatus['mode']) =>
  renderInVault(
    <CopyContext.Provider value={copyIn(mode)}>
      <JournalPage />
    </CopyContext.Provider>,
  );

async function save(words: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Write your thoughts'), words);
  await user.click(screen.getByRole('button', { name: 'Save Entry' }));
}

afterEach(() => vi.restoreAllMocks());

describe('what the journal says about where her words go', () => {
  installTestVault();

  it('without a copy on the server, they stay on this device', async () => {
    journalWith('no-key');
    expect(screen.getByText(/What you write here stays on this device\./)).toBeInTheDocument();
    await save('Only here');
    expect(screen.getByRole('status')).toHaveTextContent(/^Entry saved\.$/);
  });

  it('with the copy on, it says a locked copy is kept, and offline, that the copy waits for the network', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    journalWith('on');
    expect(screen.queryByText(/stays on this device/)).toBeNull();
    expect(screen.getByText(/locked on this device before a copy is kept for you/)).toBeInTheDocument();
    await save('Written offline');
    expect(screen.getByRole('status')).toHaveTextContent(
      'Entry saved. It is kept on this phone and will be copied when you are online.',
    );
    online.mockReturnValue(true);
  });

  it('with the copy on and online, saved is all there is to say', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    journalWith('on');
    await save('Written online');
    expect(screen.getByRole('status')).toHaveTextContent(/^Entry saved\.$/);
  });
});
