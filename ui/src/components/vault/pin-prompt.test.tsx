import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { PanicProvider } from '../../providers/panic';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { PinPrompt } from './pin-prompt';

describe('the PIN screen in Hindi', () => {
  it('asks for the PIN and counts the tries left in Hindi only', async () => {
    const hindi = await catalogueFor('hi');
    const { container } = render(
      inLanguage(
        'hi',
        hindi,
        <MemoryRouter>
          <PanicProvider>
            <PinPrompt
              triesLeft={3}
              wrong
              onSubmit={async () => undefined}
              onSignOut={() => undefined}
              onStartAfresh={() => undefined}
            />
          </PanicProvider>
        </MemoryRouter>,
      ),
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(hindi.vault.pinTitle as string);
    expect(screen.getByRole('alert')).toHaveTextContent(`${hindi.vault.pinWrong} 3 कोशिशें बाकी हैं।`);
    expect(screen.getByRole('button', { name: hindi.layout.quickExit as string })).toBeInTheDocument();
    // PIN is how the word is written in Hindi too.
    expect(latinWords(container, ['PIN'])).toEqual([]);
  });
});
