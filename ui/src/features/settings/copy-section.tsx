import { useEffect, useRef, useState } from 'react';
import { useT } from '../../lib/i18n';
import { ModalDialog } from '../../components/modal-dialog';
import { RecoveryKeyStep } from '../../components/vault';
import { useCopy } from '../../lib/vault';

/**
 * The account's encrypted copy on the server (docs/vault.md): whether it is in step, the recovery key (made,
 * postponed, made anew), 'Keep my records only on this device', and what the server knows. Nothing shows when
 * the operator turned the copy off.
 */
export function CopySection() {
  const t = useT();
  const copy = useCopy();
  const [key, setKey] = useState<string | null>(null);
  // What is said once a key is kept: her first key replaces nothing.
  const [done, setDone] = useState<'first' | 'new' | null>(null);
  const [first, setFirst] = useState(false);
  const [confirming, setConfirming] = useState(false);
  // Opening Settings brings the copy in step once, so what it says is current.
  const syncAtOpening = useRef(copy?.syncNow);
  const [checked, setChecked] = useState(false);
  useEffect(() => {
    void syncAtOpening.current?.().finally(() => setChecked(true));
  }, []);
  if (!copy) return null;
  const { status } = copy;
  const mode = status.mode;

  return (
    <section className="card" aria-labelledby="settings-copy">
      <h2 id="settings-copy" className="settings-heading">
        {t('copy.settingsHeading')}
      </h2>
      {mode === 'on' ? (
        <>
          <p>{t('copy.settingsOn')}</p>
          <p role="status">
            {status.problem === 'full'
              ? t('copy.settingsFull')
              : status.problem === 'server-full'
                ? t('copy.settingsServerFull')
                : status.problem === 'network'
                ? t('copy.settingsNetwork')
                : status.syncing || !checked
                  ? t('copy.settingsSyncing')
                  : status.waiting > 0
                    ? t('copy.settingsWaiting', { count: status.waiting })
                    : t('copy.settingsInStep')}
          </p>
        </>
      ) : null}
      {mode === 'no-key' ? <p className="settings-warning">{t('copy.settingsNoKey')}</p> : null}
      {mode === 'apart' ? <p>{t('copy.settingsApart')}</p> : null}
      {mode === 'device-only' ? <p>{t('copy.settingsDeviceOnly')}</p> : null}

      {key ? (
        <RecoveryKeyStep
          recoveryKey={key}
          onKept={async () => {
            await copy.keepRecoveryKey(key);
            setKey(null);
            setDone(first ? 'first' : 'new');
          }}
          onCancel={() => setKey(null)}
        />
      ) : (
        <>
          {done ? <p role="status">{t(done === 'first' ? 'copy.keyDoneFirst' : 'copy.newKeyDone')}</p> : null}
          <div className="settings-actions">
            {mode === 'no-key' ? (
              <button
                type="button"
                className="btn btn-primary"
                onClick={() => {
                  setFirst(true);
                  setKey(copy.newRecoveryKey());
                }}
              >
                {t('copy.makeKey')}
              </button>
            ) : null}
            {mode === 'on' ? (
              <button
                type="button"
                className="btn btn-secondary"
                onClick={() => {
                  setDone(null);
                  setFirst(false);
                  setKey(copy.newRecoveryKey());
                }}
              >
                {t('copy.newKey')}
              </button>
            ) : null}
            {mode === 'device-only' ? (
              <button type="button" className="btn btn-secondary" onClick={() => void copy.copyAgain()}>
                {t('copy.copyAgain')}
              </button>
            ) : (
              <button type="button" className="btn btn-secondary" onClick={() => setConfirming(true)}>
                {t('copy.deviceOnly')}
              </button>
            )}
          </div>
          {mode === 'on' ? <p>{t('copy.newKeyNote')}</p> : null}
        </>
      )}

      <h3 className="settings-subheading">{t('copy.knowsHeading')}</h3>
      <p>{t('copy.knows')}</p>

      {confirming ? (
        <ModalDialog title={t('copy.deviceOnly')} onClose={() => setConfirming(false)}>
          <p>{t('copy.deviceOnlyText')}</p>
          <div className="settings-dialog-actions">
            <button type="button" className="btn btn-secondary" data-autofocus onClick={() => setConfirming(false)}>
              {t('copy.cancel')}
            </button>
            <button
              type="button"
              className="btn btn-danger"
              onClick={() => {
                setConfirming(false);
                void copy.keepOnlyOnDevice();
              }}
            >
              {t('copy.deviceOnlyYes')}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
