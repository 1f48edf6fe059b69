import { useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { useT } from '../../lib/i18n';
import { CloudIcon, NoteIcon } from '../../components/icons';
import { ModalDialog } from '../../components/modal-dialog';
import { usePanic } from '../../providers/panic';
import { useCopyState } from '../../lib/vault';
import { PrivacySection } from './privacy-section';
import { clearAllData } from './clear-data';
import { CopySection } from './copy-section';
import { DeleteAccountSection } from './delete-account-section';
import { HomeAppSection } from './home-app-section';
import { LanguageSection } from './language-section';
import { MyAdvocateSection } from './my-advocate-section';
import { PasswordSection } from './password-section';
import { PinSection } from './pin-section';
import { RememberEmailSection } from './remember-email-section';
import { StayingSafeSection } from './staying-safe-section';
import { TwoStepSection } from './two-step-section';
import './settings-page.css';
import { useProductName } from '../../hooks/product-name';

export default function SettingsPage() {
  const t = useT();
  const { local } = useAppConfig();
  const product_name = useProductName();
  const { enterDisguise } = usePanic();
  const [confirming, setConfirming] = useState(false);
  const { copied } = useCopyState();

  return (
    <div className="page settings">
      <h1 className="page-title">{t('settings.title')}</h1>
      <p className="page-subtitle">{t('settings.subtitle')}</p>

      <div className="stack">
        <section className="card" aria-labelledby="settings-disguise">
          <h2 id="settings-disguise" className="settings-heading">
            {t('settings.disguiseHeading')}
          </h2>
          <p>
            {t('settings.disguiseIntro', { product: product_name })}
          </p>
          <p>{t('settings.disguiseLocks')}</p>
          <p>{t('settings.disguiseNotesWarning')}</p>
          <div className="settings-actions">
            <button type="button" className="btn btn-secondary" onClick={() => enterDisguise('weather')}>
              <CloudIcon size={18} />
              {t('settings.openWeather')}
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => enterDisguise('notes')}>
              <NoteIcon size={18} />
              {t('settings.openNotes')}
            </button>
          </div>
        </section>

        <LanguageSection />
        <PrivacySection />
        <HomeAppSection />
        <StayingSafeSection />

        <section className="card" aria-labelledby="settings-storage">
          <h2 id="settings-storage" className="settings-heading">
            {t('settings.storageHeading')}
          </h2>
          <p>
            {t(copied ? 'settings.storageLocalCopied' : 'settings.storageLocal')}
          </p>
          <p>
            {t(copied ? 'settings.storageServerCopied' : 'settings.storageServer')}
          </p>
        </section>

        <CopySection />
        <PasswordSection />
        <PinSection />
        <RememberEmailSection />
        <TwoStepSection />
        <MyAdvocateSection />
        <DeleteAccountSection />

        <section className="card settings-danger" aria-labelledby="settings-clear">
          <h2 id="settings-clear" className="settings-heading">
            {t('settings.clearHeading')}
          </h2>
          <p>
            {t('settings.clearIntro')}
          </p>
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            {t('settings.clearButton')}
          </button>
        </section>

        <section className="card" aria-labelledby="settings-about">
          <h2 id="settings-about" className="settings-heading">
            {t('settings.aboutHeading', { product: product_name })}
          </h2>
          <p>
            {t('settings.about1', { product: product_name })}
          </p>
          <p>
            {t('settings.about2', { number: local.emergency_number })}
          </p>
        </section>
      </div>

      {confirming ? (
        <ModalDialog title={t('settings.clearDialogTitle')} onClose={() => setConfirming(false)}>
          <p>{t('settings.clearDialog')}</p>
          <div className="settings-dialog-actions">
            <button type="button" className="btn btn-secondary" data-autofocus onClick={() => setConfirming(false)}>
              {t('settings.cancel')}
            </button>
            <button type="button" className="btn btn-danger" onClick={() => clearAllData(t('settings.cleared'))}>
              {t('settings.clearConfirm')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}
