// First, so that the form finds its English texts when the offline screen shows it.
import './english';
import { useState } from 'react';
import { useT } from '../../lib/i18n';
import { sealOffline, type OfflineIntake } from '../../lib/vault/outbox';
import type { OpenVault } from '../../lib/vault/vault-store';
import type { OfflineFormProps } from '../../components/vault/offline-writing';
import { IncidentForm } from './incident-form';
import type { AttachmentKind } from './incident-model';
import { loadEntries, sealEntry, stamp } from './incident-store';

/**
 * An incident written offline (docs/vault.md, "Writing offline"; docs/evidence.md, "Written offline"): the form
 * she knows, sealed to the outbox with its files. It joins her chain and is time-stamped only when it reaches
 * the server, and says so: the stamp proves when it arrived, not when she wrote it.
 */
export default function OfflineIncident({ accountId, onKept }: OfflineFormProps) {
  const t = useT();
  const [kept, setKept] = useState(false);
  if (kept) {
    return (
      <div className="vault-card">
        <p>{t('incidents.offlineKept')}</p>
        <div className="vault-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setKept(false)}>
            {t('incidents.offlineAnother')}
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="vault-card">
      <p>{t('incidents.offlineIntro')}</p>
      <IncidentForm
        onCancel={() => undefined}
        onSave={async (fields, files) => {
          await sealOffline(accountId, { kind: 'incident', data: fields, files });
          setKept(true);
          onKept();
        }}
      />
    </div>
  );
}

/** Online again: the incident joins her chain, marked as written offline, and is stamped at once. */
export const incidentIntake: OfflineIntake<OpenVault> = async (vault, item) => {
  const { entries } = await loadEntries(vault);
  const files = item.files.map((f) => ({ ...f, kind: f.kind as AttachmentKind }));
  const fields = { ...(item.data as Record<string, unknown>), written_offline: true };
  const entry = await sealEntry(vault, entries, 'incident', fields, files, new Date(item.writtenAt));
  await stamp(vault, entry);
};
