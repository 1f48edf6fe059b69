import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../lib/i18n';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import { installTestVault, renderInVault, seedVault } from '../../lib/test-utils/test-vault';
import SafetyPlanPage from './safety-plan-page';

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});

describe('Safety plan page in Hindi', () => {
  installTestVault();

  it('shows the six sections, the form and the notices in Hindi only', async () => {
    const user = userEvent.setup();
    seedVault('safety-plan-items', [{ id: '1', category: 'essential-items', content: 'पासपोर्ट' }]);
    const { container } = renderInVault(inLanguage('hi', hindi, <SafetyPlanPage />));
    for (const name of ['खतरे के संकेत', 'भरोसे के लोग', 'सुरक्षित जगहें', 'आपातकालीन नंबर', 'निकलने की योजना']) {
      expect(within(screen.getByRole('region', { name })).getByText(hindi.safetyPlan!.emptyCategory as string)).toBeInTheDocument();
    }
    const essentials = screen.getByRole('region', { name: 'ज़रूरी सामान' });
    expect(within(essentials).getByRole('button', { name: 'बदलें: पासपोर्ट' })).toBeInTheDocument();
    // PDF is the format's name, written the same way in Hindi.
    expect(latinWords(container, ['PDF'])).toEqual([]);

    await user.selectOptions(screen.getByLabelText('हिस्सा'), 'भरोसे के लोग');
    await user.type(screen.getByLabelText('आप क्या जोड़ना चाहेंगी?'), 'पड़ोसन आशा');
    await user.click(screen.getByRole('button', { name: 'जोड़ें' }));
    expect(screen.getByText('"भरोसे के लोग" में जोड़ दिया गया।')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'भरोसे के लोग' })).getByText('पड़ोसन आशा')).toBeInTheDocument();
  });
});
