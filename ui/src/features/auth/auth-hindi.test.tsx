import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppConfigProvider, DEFAULT_CONFIG } from '../../lib/app-config';
import { AuthProvider } from '../../providers/auth';
import type { Catalogue } from '../../lib/i18n';
import { createFakeAuthClient } from '../../lib/test-utils/fake-auth-client';
import { catalogueFor, inLanguage, latinWords } from '../../lib/test-utils/in-language';
import AuthPage from './auth-page';
import { NewPasswordPage } from './new-password-page';
import { TwoStepCodePage } from './two-step-code-page';

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});

function renderAuth(page = <AuthPage />, config = DEFAULT_CONFIG) {
  const fake = createFakeAuthClient({ session: null, confirmEmail: config.auth.confirm_email });
  return render(
    inLanguage(
      'hi',
      hindi,
      <AppConfigProvider value={config}>
        <AuthProvider client={fake.asClient}>
          <MemoryRouter>
            {page}
          </MemoryRouter>
        </AuthProvider>
      </AppConfigProvider>,
    ),
  );
}

describe('Sign-in screen in Hindi', () => {
  it('greets, labels the form and checks a new password in Hindi', async () => {
    const user = userEvent.setup();
    const { container } = renderAuth();
    expect(screen.getByRole('heading', { name: 'आपका स्वागत है' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'साइन इन करें' })).toBeInTheDocument();
    expect(latinWords(container, [DEFAULT_CONFIG.product_name])).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'खाता नहीं है? नया बनाएँ' }));
    const checklist = screen.getByRole('list', { name: 'पासवर्ड की ज़रूरी बातें' });
    expect(checklist).toHaveTextContent('कम से कम 8 अक्षर (अभी नहीं)');
    expect(screen.getByRole('radio', { name: 'एक निजी साइन-इन नाम (हमारी सलाह)' })).toBeChecked();
    await user.type(screen.getByLabelText('साइन-इन नाम', { selector: 'input' }), 'shant-nadi');
    await user.type(screen.getByLabelText('पासवर्ड', { selector: 'input' }), 'short');
    await user.type(screen.getByLabelText('पासवर्ड दोबारा लिखें', { selector: 'input' }), 'short');
    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    expect(screen.getByRole('alert')).toHaveTextContent('आपके पासवर्ड में अभी ये चाहिए: कम से कम 8 अक्षर, ');
    expect(latinWords(container, [DEFAULT_CONFIG.product_name])).toEqual([]);
  });

  it('asks her to check her e-mail in Hindi after an e-mail sign-up that waits for its link', async () => {
    const user = userEvent.setup();
    const { container } = renderAuth(<AuthPage />, { ...DEFAULT_CONFIG, auth: { ...DEFAULT_CONFIG.auth, confirm_email: true } });
    await user.click(screen.getByRole('button', { name: 'खाता नहीं है? नया बनाएँ' }));
    await user.click(screen.getByRole('radio', { name: 'मेरा ईमेल पता' }));
    await user.type(screen.getByLabelText('ईमेल', { selector: 'input' }), 'sam@example.com');
    await user.type(screen.getByLabelText('पासवर्ड', { selector: 'input' }), 'Abcdefg1!');
    await user.type(screen.getByLabelText('पासवर्ड दोबारा लिखें', { selector: 'input' }), 'Abcdefg1!');
    await user.click(screen.getByRole('button', { name: 'खाता बनाएँ' }));
    await screen.findByRole('heading', { name: 'अपना ईमेल देखें' });
    expect(screen.getByRole('button', { name: 'फिर से भेजें' })).toBeInTheDocument();
    expect(latinWords(container)).toEqual([]);
  });

  it('asks for a new password and for the two-step code in Hindi', () => {
    const first = renderAuth(<NewPasswordPage />);
    expect(screen.getByRole('heading', { name: 'नया पासवर्ड चुनें' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'नया पासवर्ड सहेजें' })).toBeInTheDocument();
    expect(latinWords(first.container)).toEqual([]);
    first.unmount();
    const second = renderAuth(<TwoStepCodePage />);
    expect(screen.getByRole('heading', { name: 'दो-कदम वाला साइन इन' })).toBeInTheDocument();
    expect(screen.getByLabelText('6 अंकों का कोड')).toBeInTheDocument();
    expect(latinWords(second.container)).toEqual([]);
  });
});
