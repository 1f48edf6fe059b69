import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../testing/render-app';
import { operatorSession, problem, serveConsole, type Routes } from './console-test-kit';

const DAY = 24 * 60 * 60 * 1000;
const inDays = (n: number) => new Date(Date.now() + n * DAY).toISOString();

const HEALTHY = {
  version: '0.9.3',
  uptime_seconds: 2 * 86400 + 3 * 3600 + 4 * 60 + 5,
  status: 'ok',
  reasons: [],
  config: { ok: true, problems: [] },
  disk: { data_dir_bytes: 512 * 1024 * 1024, free_bytes: 20 * 1024 ** 3, total_bytes: 40 * 1024 ** 3 },
  database_bytes: 3 * 1024 * 1024,
  copy_store_bytes: 200 * 1024 * 1024,
  timestamp: { fingerprint_sha256: 'AB:CD:EF:01', not_after: inDays(200), expires_soon: false },
  web_push_key: 'BPublicKeyBase64url',
  last_backup_at: inDays(-3),
  mail: { configured: true, status: 'ok', reason: null },
};

async function openHealth(routes: Routes) {
  const user = userEvent.setup();
  serveConsole(routes);
  renderApp('/operator', { session: operatorSession() });
  const nav = await screen.findByRole('navigation', { name: 'Console sections' });
  await user.click(within(nav).getByRole('button', { name: 'Health' }));
  return user;
}

const fact = (name: string) => screen.getByText(name, { selector: 'dt' }).nextElementSibling?.textContent;

describe("the console's health", () => {
  it('shows every field of the answer', async () => {
    await openHealth({ 'GET /api/operator/health': { status: 200, body: HEALTHY } });
    await screen.findByText('Everything is working.');
    expect(fact('Version')).toBe('0.9.3');
    expect(fact('Running for')).toBe('2 d 3 h 4 min');
    expect(screen.getByText('The configuration check passed.')).toBeInTheDocument();
    expect(fact('Data directory')).toBe('512.0 MB');
    expect(fact('Free space')).toBe('20.0 GB');
    expect(fact('Disk size')).toBe('40.0 GB');
    expect(fact('Database')).toBe('3.0 MB');
    expect(fact('Encrypted copies')).toBe('200.0 MB');
    expect(fact('Fingerprint (SHA-256)')).toBe('AB:CD:EF:01');
    expect(fact('Valid until')).toMatch(/20\d\d/);
    expect(screen.queryByText(/The certificate ends within a month/)).not.toBeInTheDocument();
    expect(screen.getByText('BPublicKeyBase64url')).toBeInTheDocument();
    expect(fact('Last backup file')).toMatch(/\(3 days ago\)$/);
    expect(screen.getByRole('heading', { name: 'Mail server' }).closest('section')).toHaveTextContent('Working.');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows "degraded" with its reasons, the configuration problems, the certificate a month before its end', async () => {
    await openHealth({
      'GET /api/operator/health': {
        status: 200,
        body: {
          ...HEALTHY,
          status: 'degraded',
          reasons: ['3 alerts cannot be delivered: the mail server refused them', 'The disk is almost full'],
          config: { ok: false, problems: ['email.from is not an address'] },
          timestamp: { ...HEALTHY.timestamp, not_after: inDays(20), expires_soon: true },
          web_push_key: null,
          last_backup_at: null,
          mail: { configured: true, status: 'failing', reason: 'timeout' },
        },
      },
    });
    const banner = (await screen.findByText('Degraded: something needs attention.')).closest('[role="alert"]')!;
    expect(within(banner as HTMLElement).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      '3 alerts cannot be delivered: the mail server refused them',
      'The disk is almost full',
    ]);
    expect(screen.getByText('The configuration check found problems:')).toBeInTheDocument();
    expect(screen.getByText('email.from is not an address')).toBeInTheDocument();
    expect(screen.getByText(/The certificate ends within a month, on .*\. Make a new one before then/)).toBeInTheDocument();
    expect(screen.getByText('Web Push is off.')).toBeInTheDocument();
    expect(screen.getByText('No backup file was found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Mail server' }).closest('section')).toHaveTextContent(
      'Failing. The mail server took too long to answer.',
    );
  });

  it('warns of the certificate within a month even before the server says so, and names a missing certificate and mail server', async () => {
    await openHealth({
      'GET /api/operator/health': {
        status: 200,
        body: {
          ...HEALTHY,
          timestamp: { ...HEALTHY.timestamp, not_after: inDays(29), expires_soon: false },
          mail: { configured: false, status: 'unknown', reason: null },
        },
      },
    });
    await screen.findByText(/The certificate ends within a month/);
    expect(screen.getByText('No mail server is configured: alerts reach advocates only in their area.')).toBeInTheDocument();
  });

  it('says so when the answer is refused (403 wrong_area)', async () => {
    await openHealth({ 'GET /api/operator/health': problem(403, 'wrong_area') });
    expect(await screen.findByRole('alert')).toHaveTextContent("This account is not an operator's account.");
    expect(screen.queryByText('Version')).not.toBeInTheDocument();
  });
});
