import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../lib/i18n';
import { PanicProvider } from '../../providers/panic';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { noteDate } from './notes-model';
import NotesPage from './notes-page';

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});

function renderInHindi() {
  return render(
    inLanguage(
      'hi',
      hindi,
      <MemoryRouter initialEntries={['/notes']}>
        <PanicProvider>
          <NotesPage />
        </PanicProvider>
      </MemoryRouter>,
    ),
  );
}

const noteTitles = () =>
  within(screen.getByRole('list'))
    .getAllByRole('heading')
    .map((h) => h.textContent);

describe('notes disguise in Hindi', () => {
  beforeEach(() => localStorage.clear());

  it('looks like a Hindi notes app: Hindi sample notes, dates and buttons, no English', async () => {
    const user = userEvent.setup();
    const { container } = renderInHindi();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('नोट्स');
    expect(noteTitles()).toEqual(['राशन', 'शनिवार-रविवार', 'पढ़ने के लिए किताबें']);
    expect(screen.getByText('3 नोट')).toBeInTheDocument();
    expect(screen.getByText('कल')).toBeInTheDocument();
    expect(latinWords(container)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'नया नोट' }));
    const dialog = screen.getByRole('dialog', { name: 'नया नोट' });
    await user.type(within(dialog).getByLabelText('शीर्षक'), 'डॉक्टर');
    await user.type(within(dialog).getByLabelText('नोट'), 'मंगलवार 10 बजे');
    expect(latinWords(dialog)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'सहेजें' }));
    expect(noteTitles()[0]).toBe('डॉक्टर');
    expect(screen.getByText('अभी-अभी')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'नोट हटाएँ: डॉक्टर' }));
    const confirm = screen.getByRole('dialog', { name: 'यह नोट हटाएँ?' });
    expect(confirm).toHaveTextContent('“डॉक्टर” इस डिवाइस से हट जाएगा।');
    await user.click(within(confirm).getByRole('button', { name: 'हटाएँ' }));
    expect(noteTitles()).not.toContain('डॉक्टर');
  });

  it('keeps the sample notes of the first visit when the language changes later', () => {
    const first = renderInHindi();
    first.unmount();
    render(
      <MemoryRouter initialEntries={['/notes']}>
        <PanicProvider>
          <NotesPage />
        </PanicProvider>
      </MemoryRouter>,
    );
    expect(noteTitles()).toEqual(['राशन', 'शनिवार-रविवार', 'पढ़ने के लिए किताबें']);
  });

  it('names days and times the Hindi way', () => {
    const now = new Date(2030, 2, 10, 15).getTime();
    const words = { justNow: 'अभी-अभी', yesterday: 'कल', lang: 'hi' };
    expect(noteDate(new Date(2030, 2, 10, 9, 5).getTime(), now, words)).toBe('09:05');
    expect(noteDate(new Date(2030, 2, 8, 9).getTime(), now, words)).toBe('शुक्रवार');
    expect(noteDate(new Date(2030, 2, 2, 9).getTime(), now, words)).toBe('2 मार्च 2030');
  });
});
