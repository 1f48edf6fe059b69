import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { readIdleScreen, voiceEntryEnabled } from '../../lib/privacy-prefs';
import { PrivacySection } from './privacy-section';

describe('Settings: when you step away', () => {
  it('the idle lock lands on the weather screen unless she picks another, and the choice is kept', async () => {
    const user = userEvent.setup();
    render(<PrivacySection />);
    expect(screen.getByRole('radio', { name: 'The weather screen' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'The notes screen' }));
    expect(readIdleScreen()).toBe('notes');
    await user.click(screen.getByRole('radio', { name: 'The sign-in screen' }));
    expect(readIdleScreen()).toBe('sign-in');
  });

  it('explains the way back from a disguise', () => {
    render(<PrivacySection />);
    expect(screen.getByText(/press and hold the title at the top of the screen/)).toBeInTheDocument();
    expect(screen.getByText(/hold Enter for two seconds/)).toBeInTheDocument();
  });

  it('turns Voice Entry off and on, and can ask again before an online speech service', async () => {
    const user = userEvent.setup();
    localStorage.setItem('voice-entry-online-ok', 'yes');
    render(<PrivacySection />);
    const box = screen.getByRole('checkbox', { name: 'Offer Voice Entry in the journal' });
    expect(box).toBeChecked();
    await user.click(box);
    expect(voiceEntryEnabled()).toBe(false);
    await user.click(box);
    expect(voiceEntryEnabled()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Ask me again before using an online speech service' }));
    expect(localStorage.getItem('voice-entry-online-ok')).toBeNull();
  });
});
