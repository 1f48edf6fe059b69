import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Uint8ArrayReader, Uint8ArrayWriter, ZipReader } from '@zip.js/zip.js/lib/zip-core-custom.js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ExportSection } from './export-section';
import type { EvidenceEntry } from './incident-model';

const downloads = vi.hoisted(() => [] as { zip: Uint8Array; name: string }[]);
vi.mock('../../lib/vault', async (original) => ({ ...(await original<object>()), useVault: () => ({ vault: {} }) }));
// The real ZIP writer; the certificate and the browser's download are stand-ins.
vi.mock('../../lib/evidence-bundle', async (original) => ({
  ...(await original<object>()),
  // A real certificate (made with openssl once), since the report names its subject.
  fetchCertificate: async () => '-----BEGIN CERTIFICATE-----\nMIIBlDCCATmgAwIBAgIULEWI3YiMFXRptJo1BLCPtKdb+iowCgYIKoZIzj0EAwIw\nHzEdMBsGA1UEAwwUU29sYWNlIHRpbWUtc3RhbXBpbmcwHhcNMjYxMTI5MDAzMzIy\nWhcNNDYxMTI0MDAzMzIyWjAfMR0wGwYDVQQDDBRTb2xhY2UgdGltZS1zdGFtcGlu\nZzBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABJD6t20OhuP4ng4LY0Yrr1+bMYQi\nnSLfEW2Kd6C+r69Fu1za5OZc75PemxhMSQBSDzl/E5BrK9hVUYovmyxFi7WjUzBR\nMB0GA1UdDgQWBBTwzh3XMbuNf7WJmXyvgptyBt/mPzAfBgNVHSMEGDAWgBTwzh3X\nMbuNf7WJmXyvgptyBt/mPzAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0kA\nMEYCIQDrFtlXwFDDvOUcAPTp7wbT7UqSKrbFl/kxtfAuxQUvzQIhAN+YO+cR/Jd6\nVogA5E48az6ccCuizzMXYAaFoqmru5O0\n-----END CERTIFICATE-----\n',
  downloadZip: (zip: Uint8Array, name: string) => void downloads.push({ zip, name }),
}));

const entry: EvidenceEntry = {
  version: 1,
  seq: 1,
  id: 'incident-1',
  kind: 'incident',
  content: JSON.stringify({ id: 'incident-1', kind: 'incident', written_at: '2026-11-20T21:30:00.000Z', previous: null, salt: '0', what_happened: 'He shouted', attachments: [] }),
  digest: 'd'.repeat(64),
  token: 'AAEC',
  stampedAt: '2026-11-20T21:31:00.000Z',
  stampedLater: false,
  attachments: [],
};

beforeEach(() => {
  downloads.length = 0;
  vi.stubGlobal('fetch', vi.fn(async () => new Response('{}', { status: 200 })));
});
afterEach(() => vi.unstubAllGlobals());

/** Each member of a downloaded ZIP: whether it is encrypted, and its text read with `password`. */
async function members(zip: Uint8Array, password?: string) {
  const reader = new ZipReader(new Uint8ArrayReader(zip), { useWebWorkers: false });
  const out: Record<string, { encrypted: boolean; text: () => Promise<string> }> = {};
  for (const e of await reader.getEntries()) {
    if (e.directory) continue;
    out[e.filename] = {
      encrypted: e.encrypted,
      text: async () => new TextDecoder().decode(await e.getData(new Uint8ArrayWriter(), { password, useWebWorkers: false })),
    };
  }
  return out;
}

function setup() {
  const stampPending = vi.fn(async () => undefined);
  render(<ExportSection entries={[entry]} stampPending={stampPending} />);
  return { user: userEvent.setup(), stampPending, make: () => screen.getByRole('button', { name: 'Make the file (1 incident)' }) };
}

describe('the export, locked or not', () => {
  it('says where the file goes, who could find it and that an advocate needs no file, before anything is saved', () => {
    setup();
    const text = document.body.textContent ?? '';
    expect(text).toMatch(/goes to the Downloads on this phone or computer, and the browser's list of downloads shows it/);
    expect(text).toMatch(/Anyone who picks up this device could find it there/);
    expect(text).toMatch(/For your advocate you need no file at all/);
    expect(text).toMatch(/7-Zip, WinRAR or WinZip/);
    expect(screen.getByRole('radio', { name: 'Yes, lock it (safer)' })).toBeChecked();
  });

  it('refuses a short password and two that differ, saving nothing', async () => {
    const { user, stampPending, make } = setup();
    await user.type(screen.getByLabelText('Password for the file'), 'mango');
    await user.type(screen.getByLabelText('The same password again'), 'mango');
    await user.click(make());
    expect(await screen.findByRole('alert')).toHaveTextContent('The password needs at least 10 characters.');
    await user.type(screen.getByLabelText('Password for the file'), ' tree');
    await user.type(screen.getByLabelText('The same password again'), ' trees');
    await user.click(make());
    expect(await screen.findByRole('alert')).toHaveTextContent('The two passwords are not the same.');
    expect(stampPending).not.toHaveBeenCalled();
    expect(downloads).toEqual([]);
  });

  it('locks every member with the password (AES), names the file plainly, and forgets the password', async () => {
    const { user, make } = setup();
    const password = screen.getByLabelText('Password for the file');
    // Neither a password to save nor a field for the browser to fill: a one-time code to its password manager.
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(password, 'mango tree by the well');
    await user.type(screen.getByLabelText('The same password again'), 'mango tree by the well');
    await user.click(make());
    await screen.findByText(/The locked file is ready in your downloads \(1 incident\)/);
    expect(downloads).toHaveLength(1);
    const [{ zip, name }] = downloads;
    expect(name).toMatch(/^documents-\d{4}-\d{2}-\d{2}\.zip$/);
    const locked = await members(zip, 'mango tree by the well');
    expect(Object.keys(locked).sort()).toEqual([
      'certificate.pem',
      'check.sh',
      'entries/incident-1.json',
      'how-to-check.html',
      'manifest.json',
      'report.html',
      'tokens/incident-1.tsr',
    ]);
    expect(Object.values(locked).every((m) => m.encrypted)).toBe(true);
    expect(JSON.parse(await locked['manifest.json']!.text()).entries[0].id).toBe('incident-1');
    await expect((await members(zip, 'mango tree by the wall'))['report.html']!.text()).rejects.toThrow();
    await expect((await members(zip))['report.html']!.text()).rejects.toThrow();
    // No copy of her bytes in the clear: the report's words are not in the file.
    expect(new TextDecoder().decode(zip)).not.toContain('He shouted');
    expect(screen.getByLabelText('Password for the file')).toHaveValue('');
  });

  it('without a password, says anyone can open it, and the file is a plain ZIP', async () => {
    const { user, make } = setup();
    await user.click(screen.getByRole('radio', { name: 'No, anyone can open it' }));
    expect(screen.getByText(/anyone who finds the file can read your report/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password for the file')).toBeNull();
    await user.click(make());
    await screen.findByText(/The file is ready in your downloads \(1 incident\)\. Anyone who finds it can open it/);
    const plain = await members(downloads[0]!.zip);
    expect(Object.values(plain).some((m) => m.encrypted)).toBe(false);
    expect(await plain['report.html']!.text()).toContain('He shouted');
  });
});
