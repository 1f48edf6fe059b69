import { useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { groupsToCheck, isKeyGroup } from '../../lib/vault/recovery-key';

type Props = { recoveryKey: string; onKept(): Promise<void>; onCancel?(): void };

/**
 * Shows a new recovery key in groups, to write down or print; then, with the key hidden, asks for two of its groups
 * from what she wrote, so a key written down wrong is found now and not on the day she needs it. Keeping it sends
 * only its wrap of the data key.
 */
export function RecoveryKeyStep({ recoveryKey, onKept, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const [asked, setAsked] = useState<[number, number] | null>(null);
  const [typed, setTyped] = useState(['', '']);
  const [wrong, setWrong] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  const keep = async (e: FormEvent) => {
    e.preventDefault();
    if (!asked || !asked.every((group, i) => isKeyGroup(recoveryKey, group, typed[i]))) {
      setWrong(true);
      return;
    }
    setWrong(false);
    setBusy(true);
    setFailed(false);
    try {
      await onKept();
    } catch (err) {
      console.error('The recovery key could not be kept:', err);
      setFailed(true);
      setBusy(false);
    }
  };

  const cancel = onCancel ? (
    <button type="button" className="btn btn-secondary" onClick={onCancel}>
      {t('copy.cancel')}
    </button>
  ) : null;

  if (asked) {
    return (
      <form className="copy-key-step" onSubmit={(e) => void keep(e)}>
        <p>{t('copy.keyCheckIntro')}</p>
        {asked.map((group, i) => (
          <div key={group} className="stack">
            <label className="label" htmlFor={`${id}-${i}`}>
              {t('copy.keyCheckGroup', { n: String(group + 1) })}
            </label>
            <input
              id={`${id}-${i}`}
              className="input copy-key-group-input"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={8}
              value={typed[i]}
              aria-invalid={wrong || undefined}
              onChange={(e) => setTyped((old) => old.map((v, j) => (j === i ? e.target.value : v)))}
            />
          </div>
        ))}
        {wrong ? (
          <p className="vault-error" role="alert">
            {t('copy.keyCheckWrong')}
          </p>
        ) : null}
        {failed ? (
          <p className="vault-error" role="alert">
            {t('copy.keyNotKept')}
          </p>
        ) : null}
        <div className="vault-actions">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('copy.keyCheckButton')}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => setAsked(null)}>
            {t('copy.keyShowAgain')}
          </button>
          {cancel}
        </div>
      </form>
    );
  }

  return (
    <div className="copy-key-step">
      <p>{t('copy.keyText')}</p>
      <p className="copy-key" aria-label={t('copy.keyLabel')} data-recovery-key={recoveryKey}>
        {recoveryKey.split('-').map((group, i) => (
          <span key={i} className="copy-key-group">
            {group}
          </span>
        ))}
      </p>
      <p>{t('copy.keyWarning')}</p>
      <div className="vault-actions">
        <button type="button" className="btn btn-secondary" onClick={() => window.print()}>
          {t('copy.print')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            setTyped(['', '']);
            setWrong(false);
            setAsked(groupsToCheck());
          }}
        >
          {t('copy.keptIt')}
        </button>
        {cancel}
      </div>
    </div>
  );
}
