import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AppConfigProvider, DEFAULT_CONFIG } from '../lib/app-config';
import { useProductName } from './product-name';

function Name() {
  return <p>{useProductName()}</p>;
}

afterEach(() => vi.unstubAllGlobals());

describe('the product name on a screen that shows it', () => {
  it('is asked for apart when the kept settings leave it out, the page title standing in meanwhile', async () => {
    const served = vi.fn(async () => Response.json({ product_name: 'Harbour Light' }));
    vi.stubGlobal('fetch', served);
    render(
      <AppConfigProvider value={{ ...DEFAULT_CONFIG, product_name: 'Recipes', page_title: 'Recipes', name_withheld: true }}>
        <Name />
      </AppConfigProvider>,
    );
    expect(screen.getByText('Recipes')).toBeInTheDocument();
    expect(await screen.findByText('Harbour Light')).toBeInTheDocument();
    expect(served).toHaveBeenCalledWith('/api/config/name', expect.anything());
  });

  it('is not asked for when the settings carry it', () => {
    const served = vi.fn();
    vi.stubGlobal('fetch', served);
    render(
      <AppConfigProvider value={{ ...DEFAULT_CONFIG, product_name: 'Haven' }}>
        <Name />
      </AppConfigProvider>,
    );
    expect(screen.getByText('Haven')).toBeInTheDocument();
    expect(served).not.toHaveBeenCalled();
  });
});
