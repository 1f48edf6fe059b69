import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalogue } from '../../lib/i18n';
import { catalogueFor, latinWords } from '../../lib/test-utils/in-language';
import { renderApp } from '../../testing/render-app';
import { operatorSession, problem, serveConsole } from './console-test-kit';

let hindi: Catalogue;
beforeAll(async () => {
  hindi = await catalogueFor('hi');
});

// Words on screen that are data or names, not texts: the operator's name, units, the product, SHA-256, and the
// test renderer's own probe of the address (/operator).
const DATA = ['Nadia', 'B', 'KB', 'MB', 'GB', 'SHA', 'QR', 'Solace', 'operator'];

describe('the console in Hindi', () => {
  it('signs in, and shows each part with no English text', async () => {
    const user = userEvent.setup();
    serveConsole({
      'GET /api/operator/accounts': problem(404, 'not_found'),
      'GET /api/operator/advocates': { status: 200, body: { advocates: [] } },
      'GET /api/operator/alarms': {
        status: 200,
        body: {
          running_checkins: 1,
          day: { sent: 0, waiting: 1, retrying: 0, failed: 0 },
          week: { sent: 0, waiting: 1, retrying: 0, failed: 0 },
          problem: { since: '2026-11-29T02:10:00Z', reason: 'unreachable', waiting: 1, oldest_due_at: '2026-11-29T02:00:00Z' },
        },
      },
      'GET /api/operator/health': {
        status: 200,
        body: {
          version: '0.9.3',
          uptime_seconds: 100000,
          status: 'ok',
          reasons: [],
          config: { ok: true, problems: [] },
          disk: { data_dir_bytes: 1, free_bytes: 2 ** 34, total_bytes: 2 ** 35 },
          database_bytes: 2 ** 20,
          copy_store_bytes: 0,
          timestamp: null,
          web_push_key: null,
          last_backup_at: null,
          mail: { configured: true, status: 'failing', reason: 'refused' },
        },
      },
      'GET /api/operator/audit': { status: 200, body: { entries: [{ at: '2026-11-28T10:00:00Z', operator: 'Nadia', action: 'mail.test', account_id: null }], more: true } },
    });
    const signedOut = renderApp('/operator', { language: { lang: 'hi', catalogue: hindi } });
    await screen.findByRole('heading', { name: 'ऑपरेटर के रूप में साइन इन करें' });
    expect(screen.getByLabelText('ईमेल या साइन-इन नाम')).toBeInTheDocument();
    expect(latinWords(signedOut.container, DATA)).toEqual([]);
    signedOut.unmount();

    const { container } = renderApp('/operator', { session: operatorSession(), language: { lang: 'hi', catalogue: hindi } });
    const nav = await screen.findByRole('navigation', { name: 'कंसोल के हिस्से' });
    await user.type(screen.getByLabelText('ईमेल पता या साइन-इन नाम'), 'quiet-river');
    await user.click(screen.getByRole('button', { name: 'ढूँढें' }));
    await screen.findByRole('alert');
    expect(latinWords(container, DATA)).toEqual([]);
    for (const part of ['एडवोकेट', 'अलार्म', 'सेहत', 'ऑडिट']) {
      await user.click(within(nav).getByRole('button', { name: part }));
      await screen.findByRole('heading', { level: 2, name: part });
      await screen.findByRole('button', { name: 'ताज़ा करें' });
      expect(latinWords(container, DATA), part).toEqual([]);
    }
    expect(screen.getByRole('button', { name: 'और दिखाएँ' })).toBeInTheDocument();
  });
});
