// Web Push (docs/checkin.md, "Web Push") in Debian's Chromium against the real binary and the push service
// stand-in on loopback. Chromium here cannot reach a real push service, so `pushManager.subscribe` fails
// offline; the first test replaces it inside the page only (keys made with WebCrypto, the endpoint on the
// stand-in) and checks the rest for real: the opt-in on the check-in screen, the subscription the server
// keeps, and the reminder the server sends, decrypted by an independent implementation. The second test
// delivers a push to the real service worker (DevTools' ServiceWorker.deliverPushMessage) and reads the
// notification it shows: neutral, under the name the device shows.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { freePort } from '../../tests/support/solace-process.mjs';
import { startPushStandIn } from '../../tests/support/push-stand-in.mjs';
import { startSmtpStandIn } from '../../tests/support/smtp-stand-in.mjs';
import { browserSuite, signUpViaUi, uniqueEmail } from './harness.mjs';

const [smtpPort, pushPort] = [await freePort(), await freePort()];
const ENDPOINT = `http://127.0.0.1:${pushPort}/push/her-browser`;

/** Runs in the page before the app: a subscription as Chromium would make it, on the stand-in. */
function fakeSubscribe(endpoint) {
  const b64u = (buf) =>
    btoa(String.fromCharCode(...new Uint8Array(buf)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  let current = null;
  PushManager.prototype.getSubscription = async () => current;
  PushManager.prototype.subscribe = async (options) => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const pub = await crypto.subtle.exportKey('raw', pair.publicKey);
    const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const auth = crypto.getRandomValues(new Uint8Array(16));
    window.__pushKeys = { privateKey: d, auth: b64u(auth), serverKey: b64u(options.applicationServerKey) };
    const json = { endpoint, expirationTime: null, keys: { p256dh: b64u(pub), auth: b64u(auth) } };
    current = { endpoint, toJSON: () => json, unsubscribe: async () => ((current = null), true) };
    return current;
  };
}

describe('web push', () => {
  let smtp;
  let push;
  before(async () => {
    smtp = await startSmtpStandIn(smtpPort);
    push = await startPushStandIn(pushPort);
  });
  after(async () => {
    await smtp?.close();
    await push?.close();
  });
  const config = () =>
    `[email]\nsmtp_url = "smtp://127.0.0.1:${smtpPort}?tls=none"\nfrom = "Alerts <alerts@solace.test>"\n` +
    `[checkin]\nmin_minutes = 1\n[push]\ntest_endpoint = "http://127.0.0.1:${pushPort}/push/"\n` +
    // Sign-ups answer with a session (GoTrue's autoconfirm), so that the only e-mails are the alerts.
    '[auth]\nsign_up_returns_session = true\n';
  const suite = browserSuite({
    app: { extraConfig: config() },
    contextOptions: () => ({ serviceWorkers: 'allow' }),
  });

  it('she allows notifications on the check-in screen and the reminder reaches her browser, neutral', async () => {
    const { page, ctx } = suite;
    await ctx.context.grantPermissions(['notifications'], { origin: suite.app.origin });
    await ctx.context.addInitScript(fakeSubscribe, ENDPOINT);
    await signUpViaUi(page, uniqueEmail('push'));
    await page.getByRole('link', { name: 'Check in with me' }).first().click();
    await page.getByRole('heading', { name: 'Notifications on this device' }).waitFor();
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST');
    await page.getByRole('button', { name: 'Allow notifications' }).click();
    assert.equal((await saved).status(), 204);
    await page.getByText('Notifications are on for this device.').waitFor();

    await page.getByLabel('How long, in minutes').fill('1');
    await page.getByLabel('A note for the people told (optional)').fill('At the bus stand');
    await page.getByLabel('E-mail address 1').fill('friend@example.org');
    await page.getByLabel('Your check-in PIN').fill('2468');
    await page.getByRole('button', { name: 'Start' }).click();
    // One minute is inside the last five: the server's reminder goes at once.
    const received = await push.next();
    assert.equal(received.path, '/push/her-browser');
    assert.equal(received.status, 201);
    const keys = await page.evaluate(() => window.__pushKeys);
    const opened = push.open(received, keys);
    assert.equal(opened.k, keys.serverKey, 'signed with the key her browser subscribed with');
    assert.deepEqual(JSON.parse(opened.plaintext), { kind: 'reminder', body: 'You have a reminder' });
    await page.getByRole('heading', { name: 'Time left' }).waitFor();
    await page.getByLabel('Your check-in PIN').fill('2468');
    await page.getByRole('button', { name: 'Check in now' }).click();
    await page.getByLabel('How long, in minutes').waitFor();
  });

  it('the service worker shows a push under the name the device shows, and says nothing more', async () => {
    const { page, ctx } = suite;
    await ctx.context.grantPermissions(['notifications'], { origin: suite.app.origin });
    await page.goto('/');
    await page.waitForFunction(() => navigator.serviceWorker?.controller !== null, null, { timeout: 20_000 });
    const cdp = await ctx.context.newCDPSession(page);
    const scope = `${suite.app.origin}/`;
    const registration = new Promise((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
        if (mine) resolve(mine.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    const registrationId = await registration;
    /** The notifications shown, once one has this title (polled, as waitForFunction would: nothing signals it). */
    const shown = async (title) => {
      const deadline = Date.now() + 20_000;
      for (;;) {
        const list = await page.evaluate(async () =>
          (await (await navigator.serviceWorker.ready).getNotifications()).map((x) => ({ title: x.title, body: x.body })),
        );
        if (list.some((x) => x.title === title)) return list;
        assert.ok(Date.now() < deadline, `no notification titled ${title}: ${JSON.stringify(list)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const deliver = (data) =>
      cdp.send('ServiceWorker.deliverPushMessage', { origin: suite.app.origin, registrationId, data: JSON.stringify(data) });

    await deliver({ kind: 'reminder', body: 'You have a reminder' });
    assert.deepEqual(await shown('Welcome'), [{ title: 'Welcome', body: 'You have a reminder' }], "the operator's neutral tab title");

    // Disguised as the weather app, the notification carries the disguise's name.
    await ctx.context.addCookies([{ name: 'view-mode', value: 'weather', url: suite.app.origin }]);
    await deliver({ kind: 'reminder', body: 'You have a reminder' });
    // One at a time: the newer replaces the older.
    assert.deepEqual(await shown('Weather Forecast'), [{ title: 'Weather Forecast', body: 'You have a reminder' }]);
  });
});
