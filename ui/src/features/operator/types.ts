// The console's answers from `/api/operator/...` (docs/operator.md, "The console"), shared by its panels.

/** `GET /api/operator/accounts?find=`: one survivor account, found by its whole address or sign-in name. */
export type Account = {
  id: string;
  created_at: string;
  last_sign_in_at: string | null;
  two_step: boolean;
  disabled: boolean;
  copy_bytes: number;
  checkin_running: boolean;
  advocates: number;
};

/** One row of `GET /api/operator/advocates`. */
export type AdvocateRow = {
  id: string;
  name: string;
  email_masked: string;
  created_at: string;
  set_up: boolean;
  two_step: boolean;
  pairings: number;
  last_active_at: string | null;
};

/** Why mail did not go, as the server names it. */
export type MailReason = 'refused' | 'unreachable' | 'timeout' | 'other';

export type AlertCounts = { sent: number; waiting: number; retrying: number; failed: number };

/** `GET /api/operator/alarms`: counts only, never an address, a note or an account. */
export type Alarms = {
  running_checkins: number;
  day: AlertCounts;
  week: AlertCounts;
  problem: null | { since: string; reason: MailReason; waiting: number; oldest_due_at: string };
};

/** `GET /api/operator/health`. */
export type Health = {
  version: string;
  uptime_seconds: number;
  status: 'ok' | 'degraded';
  reasons: string[];
  config: { ok: boolean; problems: string[] };
  disk: { data_dir_bytes: number; free_bytes: number; total_bytes: number };
  database_bytes: number;
  copy_store_bytes: number;
  timestamp: { fingerprint_sha256: string; not_after: string; expires_soon: boolean } | null;
  web_push_key: string | null;
  last_backup_at: string | null;
  mail: { configured: boolean; status: 'ok' | 'failing' | 'unknown'; reason?: MailReason | string | null };
};

export type AuditEntry = { at: string; operator: string; action: string; account_id: string | null };
export type AuditPage = { entries: AuditEntry[]; more: boolean };
