import { useCallback, useId, useState, type FormEvent } from 'react';
import { useT } from '../../lib/i18n';
import { StorageFullError } from '../../lib/vault/record-store';
import { useSpeechRecognition, VoicePrivacyNotice } from '../../components/voice-entry';
import { AudioRecorder } from './audio-recorder';
import { checkLimits, MAX_FILE_MB, MAX_INCIDENT_MB } from './attachment-limits';
import { sizeText } from '../../lib/sizes';
import { incidentFields, type AttachmentKind, type IncidentFields } from './incident-model';
import type { NewAttachment } from './incident-store';
import { ListField } from './list-field';
import { useCategories } from '../../lib/incident-entry';

type Props = {
  onSave(fields: Record<string, unknown>, files: NewAttachment[]): Promise<unknown>;
  onCancel(): void;
};

const empty = (): IncidentFields => ({
  start: '',
  end: '',
  about: false,
  where: '',
  what: '',
  kinds: [],
  injuries: '',
  medical: '',
  witnesses: [],
  references: [],
});

/** The form for one incident; on save it is sealed (see incident-store.ts). */
export function IncidentForm({ onSave, onCancel }: Props) {
  const t = useT();
  const id = useId();
  const categories = useCategories(t);
  const [fields, setFields] = useState(empty);
  const [isRange, setIsRange] = useState(false);
  const [files, setFiles] = useState<NewAttachment[]>([]);
  const [problem, setProblem] = useState('');
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof IncidentFields>(key: K, value: IncidentFields[K]) =>
    setFields((f) => ({ ...f, [key]: value }));
  // Voice Entry, as in the journal: each utterance on a line of its own in 'What happened'.
  const onUtterance = useCallback(
    (said: string) => setFields((f) => ({ ...f, what: f.what.trim() ? `${f.what.replace(/\s+$/, '')}\n${said}` : said })),
    [],
  );
  const speech = useSpeechRecognition(onUtterance);

  const addFile = async (file: File | Blob, name: string, kind: AttachmentKind) => {
    const limit = checkLimits(
      files.map((f) => f.bytes.length),
      file.size,
    );
    if (limit === 'fileTooLarge') return setProblem(t('incidents.fileTooLarge', { mb: MAX_FILE_MB }));
    if (limit === 'totalTooLarge') return setProblem(t('incidents.totalTooLarge', { mb: MAX_INCIDENT_MB }));
    setProblem('');
    const bytes = new Uint8Array(await file.arrayBuffer());
    setFiles((list) => [...list, { name, type: file.type || 'application/octet-stream', kind, bytes }]);
  };

  const pick = (kind: AttachmentKind) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const chosen = [...(e.target.files ?? [])];
    e.target.value = '';
    void (async () => {
      for (const f of chosen) await addFile(f, f.name, kind);
    })();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!fields.start || !fields.what.trim()) {
      setProblem(t('incidents.needWhenWhat'));
      return;
    }
    setSaving(true);
    setProblem('');
    try {
      await onSave(incidentFields({ ...fields, end: isRange ? fields.end : '' }), files);
    } catch (err) {
      setProblem(err instanceof StorageFullError ? t('incidents.deviceFull') : t('incidents.notSaved'));
      setSaving(false);
    }
  };

  return (
    <form className="card incident-form stack" onSubmit={(e) => void submit(e)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('incidents.formTitle')}</h2>
      <p className="incident-hint">{t('incidents.sealHint')}</p>

      <fieldset className="incident-fieldset">
        <legend>{t('incidents.when')}</legend>
        <label className="label" htmlFor={`${id}-start`}>
          {isRange ? t('incidents.from') : t('incidents.dateTime')}
        </label>
        <input
          autoComplete="off"
          id={`${id}-start`}
          type="datetime-local"
          className="input"
          required
          value={fields.start}
          onChange={(e) => set('start', e.target.value)}
        />
        <label className="incident-check">
          <input type="checkbox" checked={isRange} onChange={(e) => setIsRange(e.target.checked)} />
          {t('incidents.isRange')}
        </label>
        {isRange ? (
          <>
            <label className="label" htmlFor={`${id}-end`}>
              {t('incidents.until')}
            </label>
            <input
              autoComplete="off"
              id={`${id}-end`}
              type="datetime-local"
              className="input"
              value={fields.end}
              onChange={(e) => set('end', e.target.value)}
            />
          </>
        ) : null}
        <label className="incident-check">
          <input type="checkbox" checked={fields.about} onChange={(e) => set('about', e.target.checked)} />
          {t('incidents.aboutTime')}
        </label>
      </fieldset>

      <div>
        <label className="label" htmlFor={`${id}-where`}>
          {t('incidents.where')}
        </label>
        <input autoComplete="off" id={`${id}-where`} className="input" value={fields.where} onChange={(e) => set('where', e.target.value)} />
      </div>

      <div>
        <label className="label" htmlFor={`${id}-what`}>
          {t('incidents.what')}
        </label>
        <textarea
          autoComplete="off"
          id={`${id}-what`}
          className="textarea"
          rows={7}
          required
          value={fields.what}
          onChange={(e) => set('what', e.target.value)}
        />
        {speech.enabled ? (
          <div className="incident-actions">
            <button
              type="button"
              className={speech.isRecording ? 'btn btn-danger' : 'btn btn-secondary'}
              onClick={() => void speech.toggle()}
              disabled={(speech.error !== null && !speech.isRecording) || speech.preparing}
              aria-pressed={speech.isRecording}
            >
              {speech.isRecording ? t('incidents.stopVoice') : t('incidents.voiceEntry')}
            </button>
            <span role="status">
              {speech.isRecording ? t('incidents.listening') : speech.preparing ? t('incidents.preparingSpeech') : ''}
            </span>
          </div>
        ) : null}
        {speech.notice ? <VoicePrivacyNotice onAccept={speech.acceptNotice} onDecline={speech.declineNotice} /> : null}
        {speech.enabled && speech.error ? (
          <div className="incident-problem" role="alert">
            <span>{speech.error}</span>
            {speech.canDismiss ? (
              <button type="button" className="btn btn-ghost" onClick={speech.dismissError}>
                {t('incidents.dismiss')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>

      <fieldset className="incident-fieldset">
        <legend>{t('incidents.kinds')}</legend>
        <div className="incident-kinds">
          {categories.map(({ id: kind, label }) => (
            <label key={kind} className="incident-check">
              <input
                type="checkbox"
                checked={fields.kinds.includes(kind)}
                onChange={(e) =>
                  set('kinds', e.target.checked ? [...fields.kinds, kind] : fields.kinds.filter((k) => k !== kind))
                }
              />
              {label}
            </label>
          ))}
        </div>
      </fieldset>

      <div>
        <label className="label" htmlFor={`${id}-injuries`}>
          {t('incidents.injuries')}
        </label>
        <textarea
          autoComplete="off"
          id={`${id}-injuries`}
          className="textarea"
          rows={3}
          value={fields.injuries}
          onChange={(e) => set('injuries', e.target.value)}
        />
      </div>
      <div>
        <label className="label" htmlFor={`${id}-medical`}>
          {t('incidents.medical')}
        </label>
        <textarea
          autoComplete="off"
          id={`${id}-medical`}
          className="textarea"
          rows={3}
          value={fields.medical}
          onChange={(e) => set('medical', e.target.value)}
        />
      </div>

      <ListField
        legend={t('incidents.witnesses')}
        itemLabel={t('incidents.witness')}
        addLabel={t('incidents.addWitness')}
        values={fields.witnesses}
        onChange={(v) => set('witnesses', v)}
      />
      <ListField
        legend={t('incidents.references')}
        itemLabel={t('incidents.reference')}
        addLabel={t('incidents.addReference')}
        values={fields.references}
        onChange={(v) => set('references', v)}
      />

      <fieldset className="incident-fieldset" aria-describedby={`${id}-limits`}>
        <legend>{t('incidents.attachments')}</legend>
        <p id={`${id}-limits`} className="incident-hint">
          {t('incidents.limits', { file: MAX_FILE_MB, total: MAX_INCIDENT_MB })}
        </p>
        <div className="incident-attach-tools">
          <label className="btn btn-secondary">
            {t('incidents.addPhoto')}
            <input className="sr-only" type="file" accept="image/*" capture="environment" onChange={pick('photo')} />
          </label>
          <label className="btn btn-secondary">
            {t('incidents.addFiles')}
            <input className="sr-only" type="file" multiple onChange={pick('file')} />
          </label>
          <AudioRecorder
            onRecorded={(blob, type) =>
              void addFile(blob, `${t('incidents.audioName')}-${Date.now()}.${type.includes('ogg') ? 'ogg' : 'webm'}`, 'audio')
            }
          />
        </div>
        {files.length ? (
          <ul className="incident-files" aria-label={t('incidents.attachments')}>
            {files.map((f, i) => (
              <li key={i}>
                <span>{`${f.name} (${sizeText(f.bytes.length)})`}</span>
                <button
                  type="button"
                  className="btn btn-ghost"
                  aria-label={t('incidents.removeItem', { item: f.name })}
                  onClick={() => setFiles((list) => list.filter((_, j) => j !== i))}
                >
                  {t('incidents.remove')}
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </fieldset>

      {problem ? (
        <p className="incident-problem" role="alert">
          {problem}
        </p>
      ) : null}
      <div className="incident-actions">
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? t('incidents.sealing') : t('incidents.save')}
        </button>
        <button type="button" className="btn btn-ghost" onClick={onCancel} disabled={saving}>
          {t('incidents.cancel')}
        </button>
      </div>
    </form>
  );
}
