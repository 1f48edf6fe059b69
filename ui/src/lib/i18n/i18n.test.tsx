import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { I18nProvider, interpolate, loadBuiltInCatalogue, useT } from '.';

function Loading() {
  const t = useT();
  return <p>{t('common.loadingApplication')}</p>;
}

describe('i18n', () => {
  it('shows English outside a provider', () => {
    render(<Loading />);
    expect(screen.getByText('Loading application...')).toBeInTheDocument();
  });

  it('shows the provider language, loaded on demand', async () => {
    const hindi = await loadBuiltInCatalogue('hi');
    expect(hindi).not.toBeNull();
    render(
      <I18nProvider value={{ lang: 'hi', catalogue: hindi! }}>
        <Loading />
      </I18nProvider>,
    );
    expect(screen.queryByText('Loading application...')).not.toBeInTheDocument();
    expect(screen.getByText(hindi!.common!.loadingApplication as string)).toBeInTheDocument();
  });

  it('falls back to English for a key the language lacks', () => {
    render(
      <I18nProvider value={{ lang: 'xx', catalogue: {} }}>
        <Loading />
      </I18nProvider>,
    );
    expect(screen.getByText('Loading application...')).toBeInTheDocument();
  });

  it('takes the plural form of the language for a count (issue 36: "Make the file (1 incident)")', async () => {
    const hindi = (await loadBuiltInCatalogue('hi'))!;
    const english = { incidents: { ...(await import('../../locales/en/incidents.json')).default } };
    function Button({ count }: { count: number }) {
      return <p>{useT()('incidents.exportButton', { count })}</p>;
    }
    const { rerender } = render(
      <I18nProvider value={{ lang: 'en', catalogue: english }}>
        <Button count={1} />
      </I18nProvider>,
    );
    expect(screen.getByText('Make the file (1 incident)')).toBeInTheDocument();
    rerender(
      <I18nProvider value={{ lang: 'en', catalogue: english }}>
        <Button count={3} />
      </I18nProvider>,
    );
    expect(screen.getByText('Make the file (3 incidents)')).toBeInTheDocument();
    rerender(
      <I18nProvider value={{ lang: 'hi', catalogue: hindi }}>
        <Button count={1} />
      </I18nProvider>,
    );
    expect(screen.getByText('फ़ाइल बनाएँ (1 घटना)')).toBeInTheDocument();
    rerender(
      <I18nProvider value={{ lang: 'hi', catalogue: hindi }}>
        <Button count={2} />
      </I18nProvider>,
    );
    expect(screen.getByText('फ़ाइल बनाएँ (2 घटनाएँ)')).toBeInTheDocument();
  });

  it('fills placeholders and leaves unknown ones visible', () => {
    expect(interpolate('Hello {name}, {missing}', { name: 'Asha' })).toBe('Hello Asha, {missing}');
  });

  it('knows no catalogue for a language it does not ship', async () => {
    expect(await loadBuiltInCatalogue('zz')).toBeNull();
  });
});
