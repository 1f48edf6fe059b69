import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PanicProvider } from '../../lib/panic';
import NotesPage from './notes-page';

function renderNotes() {
  return render(
    <MemoryRouter initialEntries={['/notes']}>
      <PanicProvider>
        <NotesPage />
      </PanicProvider>
    </MemoryRouter>,
  );
}

const noteTitles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('notes disguise', () => {
  it('adds a note at the top dated "Just now"', async () => {
    const user = userEvent.setup();
    renderNotes();
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    const dialog = screen.getByRole('dialog', { name: 'New Note' });
    await user.type(within(dialog).getByLabelText('Title'), 'Call dentist');
    await user.type(within(dialog).getByLabelText('Content'), 'Tuesday 10am');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(noteTitles()[0]).toBe('Call dentist');
    expect(screen.getAllByText('Just now')).toHaveLength(1);
  });

  it('silently ignores a note with a blank title or content', async () => {
    const user = userEvent.setup();
    renderNotes();
    const before = noteTitles();
    await user.click(screen.getByRole('button', { name: 'Add Note' }));
    const dialog = screen.getByRole('dialog', { name: 'New Note' });
    await user.type(within(dialog).getByLabelText('Title'), 'Only a title');
    await user.type(within(dialog).getByLabelText('Content'), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(noteTitles()).toEqual(before);
  });

  it('deletes a note', async () => {
    const user = userEvent.setup();
    renderNotes();
    const first = noteTitles()[0]!;
    await user.click(screen.getByRole('button', { name: `Delete note ${first}` }));
    expect(noteTitles()).not.toContain(first);
  });

  it('has a search box that does not filter anything', async () => {
    const user = userEvent.setup();
    renderNotes();
    const before = noteTitles();
    await user.type(screen.getByRole('searchbox', { name: 'Search notes' }), 'zzz');
    expect(noteTitles()).toEqual(before);
  });
});
