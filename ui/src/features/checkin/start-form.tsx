import { useId, useState, type FormEvent } from 'react';
import { sealNoteFor } from '../../lib/advocates/checkin-note';
import { useMyAdvocates } from '../../lib/advocates/my-advocates';
import { useLanguage, useT } from '../../lib/i18n';
import { PinInput } from '../../components/vault';
import { sendTest, startCheckin, type Status, type TestResult } from './checkin-client';
import { errorText } from './error-text';

type Props = { token: string; status: Status; onStarted(): void };

/** Starting a check-in: how long, a note, who is told, her PIN and an optional help-now (duress) PIN. */
export function StartForm({ token, status, onStarted }: Props) {
  const t = useT();
  const { lang } = useLanguage();
  const id = useId();
  const [minutes, setMinutes] = useState(String(Math.max(status.min_minutes, Math.min(60, status.max_minutes))));
  const [note, setNote] = useState('');
  const [emails, setEmails] = useState<string[]>(['']);
  const [pin, setPin] = useState('');
  const [duress, setDuress] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [tested, setTested] = useState<TestResult | null>(null);
  const found = useMyAdvocates(token);
  const advocates = found ?? [];
  const [alerted, setAlerted] = useState<string[]>([]);

  const chosen = status.email ? emails.map((e) => e.trim()).filter(Boolean) : [];
  const chosenAdvocates = advocates.filter((a) => alerted.includes(a.id));
  const nobody = chosen.length === 0 && chosenAdvocates.length === 0;
  const toggle = (advocateId: string, on: boolean) =>
    setAlerted((old) => (on ? [...old, advocateId] : old.filter((x) => x !== advocateId)));
  const nameOf = (advocateId: string) => advocates.find((a) => a.id === advocateId)?.name ?? advocateId;
  const setEmail = (i: number, value: string) => setEmails(emails.map((e, j) => (j === i ? value : e)));

  const run = async (what: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await what();
    } catch (err) {
      setError(errorText(t, err));
    } finally {
      setBusy(false);
    }
  };

  const onStart = (e: FormEvent) => {
    e.preventDefault();
    if (nobody) return setError(t('checkin.needRecipient'));
    if (pin.length < 4) return setError(t('checkin.pinShort'));
    if (duress && duress === pin) return setError(t('checkin.pinsDiffer'));
    void run(async () => {
      await startCheckin(token, {
        minutes: Number(minutes),
        note,
        emails: chosen,
        // Sealed here, to each chosen advocate's key: the server stores what it cannot open.
        advocates: await sealNoteFor(chosenAdvocates, note),
        pin,
        language: lang,
        ...(duress ? { duress_pin: duress } : {}),
      });
      onStarted();
    });
  };

  const onTest = () => {
    if (nobody) return setError(t('checkin.needRecipient'));
    setTested(null);
    void run(async () => setTested(await sendTest(token, note, chosen, await sealNoteFor(chosenAdvocates, note), lang)));
  };

  if (!status.email && found === null) return <p>{t('checkin.loading')}</p>;
  if (!status.email && advocates.length === 0) {
    return (
      <section className="card">
        <p>{t('checkin.nobodyToTell')}</p>
      </section>
    );
  }

  return (
    <form className="card stack" onSubmit={onStart}>
      <div>
        <label className="label" htmlFor={`${id}-minutes`}>
          {t('checkin.howLong')}
        </label>
        <input
          autoComplete="off"
          id={`${id}-minutes`}
          className="input"
          type="number"
          min={status.min_minutes}
          max={status.max_minutes}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          aria-describedby={`${id}-range`}
        />
        <p id={`${id}-range`} className="checkin-hint">
          {t('checkin.rangeHint', { min: status.min_minutes, max: status.max_minutes })}
        </p>
      </div>
      <div>
        <label className="label" htmlFor={`${id}-note`}>
          {t('checkin.noteLabel')}
        </label>
        <textarea
          autoComplete="off"
          id={`${id}-note`}
          className="input"
          maxLength={1000}
          rows={3}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          aria-describedby={`${id}-note-hint`}
        />
        <p id={`${id}-note-hint`} className="checkin-hint">
          {t('checkin.noteHint')}
        </p>
      </div>
      {advocates.length > 0 ? (
        <fieldset className="stack checkin-advocates">
          <legend className="label">{t('checkin.advocatesLabel')}</legend>
          {advocates.map((a) => (
            <label key={a.id} className="checkin-advocate">
              <input type="checkbox" checked={alerted.includes(a.id)} onChange={(e) => toggle(a.id, e.target.checked)} />{' '}
              {a.name}
            </label>
          ))}
          <p className="checkin-hint">{t('checkin.advocatesHint')}</p>
        </fieldset>
      ) : null}
      {status.email ? (
        <fieldset className="stack checkin-emails">
          <legend className="label">{t('checkin.emailsLabel', { count: status.max_recipients })}</legend>
          {emails.map((value, i) => (
            <div key={i} className="checkin-email">
              <input
                className="input"
                type="email"
                autoComplete="off"
                aria-label={t('checkin.emailLabel', { n: i + 1 })}
                value={value}
                onChange={(e) => setEmail(i, e.target.value)}
              />
              {emails.length > 1 ? (
                <button type="button" className="btn btn-secondary" onClick={() => setEmails(emails.filter((_, j) => j !== i))}>
                  {t('checkin.removeEmail')}
                </button>
              ) : null}
            </div>
          ))}
          {emails.length < status.max_recipients ? (
            <button type="button" className="btn btn-secondary" onClick={() => setEmails([...emails, ''])}>
              {t('checkin.addEmail')}
            </button>
          ) : null}
        </fieldset>
      ) : (
        <p>{t('checkin.noEmail')}</p>
      )}
      <div>
        <label className="label" htmlFor={`${id}-pin`}>
          {t('checkin.pinLabel')}
        </label>
        <PinInput id={`${id}-pin`} value={pin} onChange={(e) => setPin(e.target.value)} aria-describedby={`${id}-pin-hint`} />
        <p id={`${id}-pin-hint`} className="checkin-hint">
          {t('checkin.pinHint')}
        </p>
      </div>
      <div>
        <label className="label" htmlFor={`${id}-duress`}>
          {t('checkin.duressLabel')}
        </label>
        <PinInput
          id={`${id}-duress`}
          value={duress}
          onChange={(e) => setDuress(e.target.value)}
          aria-describedby={`${id}-duress-hint`}
        />
        <p id={`${id}-duress-hint`} className="checkin-hint">
          {t('checkin.duressHint')}
        </p>
      </div>
      {error ? <p role="alert">{error}</p> : null}
      {tested ? (
        <ul role="status" className="checkin-tested">
          {tested.emails.map((r) => (
            <li key={r.to}>{t(r.accepted ? 'checkin.testAccepted' : 'checkin.testRefused', { to: r.to })}</li>
          ))}
          {tested.advocates.map((r) => (
            <li key={r.id}>
              {t(r.delivered ? (r.emailed ? 'checkin.testDeliveredEmailed' : 'checkin.testDelivered') : 'checkin.testNotDelivered', {
                name: nameOf(r.id),
              })}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="checkin-actions">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {t('checkin.start')}
        </button>
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={onTest}>
          {t('checkin.sendTest')}
        </button>
      </div>
    </form>
  );
}
