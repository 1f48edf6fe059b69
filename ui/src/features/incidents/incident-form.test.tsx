import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpeechRecognitionLike } from '../../components/voice-entry';
import { IncidentForm } from './incident-form';

type W = { SpeechRecognition?: unknown };

class FakeRecognition implements SpeechRecognitionLike {
  static last: FakeRecognition | null = null;
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 5;
  onresult: SpeechRecognitionLike['onresult'] = null;
  onerror: SpeechRecognitionLike['onerror'] = null;
  onend: SpeechRecognitionLike['onend'] = null;
  start = vi.fn();
  stop = vi.fn(() => this.onend?.());
  abort = vi.fn();
  constructor() {
    FakeRecognition.last = this;
  }
  say(transcript: string) {
    this.onresult?.({ resultIndex: 0, results: [Object.assign([{ transcript }], { isFinal: true })] });
    this.onend?.();
  }
}

// The fake has no on-device recognition: she already agreed to the online service (the journal's tests
// cover the notice, which is the same component).
beforeEach(() => {
  localStorage.setItem('voice-entry-online-ok', 'yes');
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200 })));
});
afterEach(() => {
  delete (window as W).SpeechRecognition;
  vi.unstubAllGlobals();
});

describe('the incident form', () => {
  it("puts what she says on a line of its own in 'What happened'", async () => {
    (window as W).SpeechRecognition = FakeRecognition;
    const user = userEvent.setup();
    render(<IncidentForm onSave={vi.fn()} onCancel={vi.fn()} />);
    const what = screen.getByRole('textbox', { name: 'What happened' });
    await user.type(what, 'He shouted');
    await user.click(screen.getByRole('button', { name: 'Voice Entry' }));
    expect(screen.getByRole('button', { name: 'Stop listening' })).toHaveAttribute('aria-pressed', 'true');
    act(() => FakeRecognition.last!.say('then he left'));
    expect(what).toHaveValue('He shouted\nthen he left');
  });

  it('asks for when and what before sealing, and hands over each witness as its own item', async () => {
    const onSave = vi.fn(async () => undefined);
    const user = userEvent.setup();
    render(<IncidentForm onSave={onSave} onCancel={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Seal and save' }));
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText('Date and time'), '2026-11-20T21:30');
    await user.type(screen.getByRole('textbox', { name: 'What happened' }), 'x');
    await user.click(screen.getByRole('button', { name: 'Add a witness' }));
    await user.type(screen.getByLabelText('Witness 1', { exact: true }), 'Asha');
    await user.click(screen.getByRole('button', { name: 'Add a witness' }));
    await user.type(screen.getByLabelText('Witness 2', { exact: true }), 'Ravi');
    await user.click(screen.getByRole('checkbox', { name: 'Dowry-related harassment' }));
    await user.click(screen.getByRole('button', { name: 'Seal and save' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect((onSave.mock.calls[0] as unknown[])[0]).toMatchObject({ witnesses: ['Asha', 'Ravi'], kinds: ['dowry'], what_happened: 'x' });
  });
});
