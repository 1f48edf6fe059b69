import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { PanicProvider } from '../../providers/panic';
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
  beforeEach(() => localStorage.clear());

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

  it('deletes a note only after a confirmation, and not after Cancel', async () => {
    const user = userEvent.setup();
    renderNotes();
    const first = noteTitles()[0]!;
    await user.click(screen.getByRole('button', { name: `Delete note ${first}` }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this note?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(noteTitles()).toContain(first);
    await user.click(screen.getByRole('button', { name: `Delete note ${first}` }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this note?' })).getByRole('button', { name: 'Delete' }));
    expect(noteTitles()).not.toContain(first);
  });

  it('search filters by title and content as she types', async () => {
    const user = userEvent.setup();
    renderNotes();
    const box = screen.getByRole('searchbox', { name: 'Search notes' });
    await user.type(box, 'plumber');
    expect(noteTitles()).toEqual(['Weekend']);
    await user.clear(box);
    await user.type(box, 'BOOKS');
    expect(noteTitles()).toEqual(['Weekend', 'Books to read']);
    await user.type(box, 'x');
    expect(screen.getByText('No notes match your search.')).toBeInTheDocument();
    await user.clear(box);
    expect(noteTitles()).toHaveLength(3);
  });

  it('opens a note, changes it and keeps it across a remount (a reload)', async () => {
    const user = userEvent.setup();
    const { unmount } = renderNotes();
    await user.click(screen.getByRole('button', { name: 'Weekend' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Note' });
    const content = within(dialog).getByLabelText('Content');
    expect(content).toHaveValue(
      'Return library books. Call the plumber about the kitchen tap. Pick up dry cleaning before 5.',
    );
    await user.clear(content);
    await user.type(content, 'Plumber booked for Saturday');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(noteTitles()[0]).toBe('Weekend');
    unmount();
    renderNotes();
    expect(noteTitles()).toEqual(['Weekend', 'Groceries', 'Books to read']);
    expect(screen.getByText('Plumber booked for Saturday')).toBeInTheDocument();
  });
});
