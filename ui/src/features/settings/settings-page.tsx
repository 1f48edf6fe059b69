import { useState } from 'react';
import { useAppConfig } from '../../lib/app-config';
import { CloudIcon, NoteIcon } from '../../lib/icons';
import { ModalDialog } from '../../lib/modal-dialog';
import { usePanic } from '../../lib/panic';
import { PrivacySection } from './privacy-section';
import { clearAllData } from './clear-data';
import { DeleteAccountSection } from './delete-account-section';
import { HomeAppSection } from './home-app-section';
import { LanguageSection } from './language-section';
import { PinSection } from './pin-section';
import { RememberEmailSection } from './remember-email-section';
import { StayingSafeSection } from './staying-safe-section';
import { TwoStepSection } from './two-step-section';
import './settings-page.css';

export default function SettingsPage() {
  const { product_name, local } = useAppConfig();
  const { enterDisguise } = usePanic();
  const [confirming, setConfirming] = useState(false);

  return (
    <div className="page settings">
      <h1 className="page-title">Settings</h1>
      <p className="page-subtitle">Privacy and safety options for this device.</p>

      <div className="stack">
        <section className="card" aria-labelledby="settings-disguise">
          <h2 id="settings-disguise" className="settings-heading">
            Disguise mode
          </h2>
          <p>
            If someone might see your screen, switch to an everyday-looking app. The weather and notes screens show
            nothing about {product_name}; their back arrow leaves for a neutral website.
          </p>
          <p>Notes written in the notes disguise are not private: they are kept unprotected on this device.</p>
          <div className="settings-actions">
            <button type="button" className="btn btn-secondary" onClick={() => enterDisguise('weather')}>
              <CloudIcon size={18} />
              Open Weather Disguise
            </button>
            <button type="button" className="btn btn-secondary" onClick={() => enterDisguise('notes')}>
              <NoteIcon size={18} />
              Open Notes Disguise
            </button>
          </div>
        </section>

        <LanguageSection />
        <PrivacySection />
        <HomeAppSection />
        <StayingSafeSection />

        <section className="card" aria-labelledby="settings-storage">
          <h2 id="settings-storage" className="settings-heading">
            Where your data lives
          </h2>
          <p>
            Your journal entries, safety plan and mood history are stored only in this browser on this device,
            encrypted with a key that works only while you are signed in. They are never sent to our server.
          </p>
          <p>
            Our server keeps only what is needed to sign you in: your email address and a securely hashed password.
            Your theme and, unless you turn it off below, the last email you signed in with are also remembered on
            this device.
          </p>
        </section>

        <PinSection />
        <RememberEmailSection />
        <TwoStepSection />
        <DeleteAccountSection />

        <section className="card settings-danger" aria-labelledby="settings-clear">
          <h2 id="settings-clear" className="settings-heading">
            Clear all data
          </h2>
          <p>
            Removes everything this app has saved in this browser: journal entries, safety plan, mood history and
            preferences. You will also be signed out. This cannot be undone.
          </p>
          <button type="button" className="btn btn-danger" onClick={() => setConfirming(true)}>
            Clear All Data
          </button>
        </section>

        <section className="card" aria-labelledby="settings-about">
          <h2 id="settings-about" className="settings-heading">
            About {product_name}
          </h2>
          <p>
            {product_name} is a private space for people living with domestic violence: a journal that answers with
            kindness, affirmations, a mood tracker, a personal safety plan and a list of people who can help.
          </p>
          <p>
            It was built to be safe on a shared or watched phone: quick exit, disguise screens and automatic sign-out
            after two minutes without activity. If you are in danger right now, call {local.emergency_number}.
          </p>
        </section>
      </div>

      {confirming ? (
        <ModalDialog title="Clear all data?" onClose={() => setConfirming(false)}>
          <p>
            This permanently deletes your journal entries, safety plan, mood history and preferences from this
            device, and signs you out.
          </p>
          <div className="settings-dialog-actions">
            <button type="button" className="btn btn-secondary" data-autofocus onClick={() => setConfirming(false)}>
              Cancel
            </button>
            <button type="button" className="btn btn-danger" onClick={() => clearAllData()}>
              Yes, clear everything
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}
