// The signed-in features: journal, resources, safety plan, mood and settings (Clear All Data), with the
// shapes of their records (stored encrypted; read back through e2e/vault-reader.mjs).
import assert from 'node:assert/strict';
import { beforeEach, describe, it } from 'node:test';
import { checkScreen, focusedInfo, signedInSuite, signInScreen, tabUntil } from './harness.mjs';
import { readVault, writeVault } from './vault-reader.mjs';

const EN_US_LONG_DATE_TIME = /^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s[AP]M$/;

describe('features', () => {
  const suite = signedInSuite('features');
  let page;
  beforeEach(() => ({ page } = suite));

  const open = async (path, title) => {
    await page.goto(path);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
  };
  // SPEC's records are kept encrypted per account (docs/vault.md); read them back as the app stored them.
  const stored = (key) => readVault(page, key);

  it('journal: prompt, another prompt, save disabled when blank, entries newest first, kept across reloads', async () => {
    await open('/journal', 'Your Private Journal');
    const prompt = page.locator('.journal-prompt-text');
    const firstPrompt = (await prompt.textContent()).trim();
    assert.ok(firstPrompt.length > 10, 'a reflection prompt is shown');
    await page.getByRole('button', { name: 'Get another prompt' }).click();
    assert.notEqual((await prompt.textContent()).trim(), firstPrompt);

    await page.getByText('Your journal entries will appear here. Start by writing your first entry above.').waitFor();
    await checkScreen(page, 'journal-empty');

    const text = page.getByLabel('Write your thoughts');
    const save = page.getByRole('button', { name: 'Save Entry' });
    assert.equal(await save.isDisabled(), true);
    await text.fill('   \n  ');
    assert.equal(await save.isDisabled(), true, 'blank after trimming');
    await text.fill('Today I took a long walk by the river.');
    assert.equal(await save.isEnabled(), true);
    await save.click();
    assert.equal(await text.inputValue(), '', 'the text area is cleared after saving');

    await text.fill('Evening: I felt calmer after writing.');
    await save.click();
    const entries = page.locator('.journal-entries > li');
    assert.equal(await entries.count(), 2);
    assert.match(await entries.nth(0).textContent(), /Evening: I felt calmer/);
    assert.match(await entries.nth(1).textContent(), /long walk by the river/);
    for (let i = 0; i < 2; i += 1) {
      const entry = entries.nth(i);
      await entry.getByRole('heading', { name: 'Supportive Response' }).waitFor();
      assert.match((await entry.locator('time').textContent()).trim(), EN_US_LONG_DATE_TIME);
    }
    assert.equal(await page.getByText('Your journal entries will appear here.').count(), 0);

    const saved = await stored('journal-entries');
    assert.equal(saved.length, 2);
    for (const e of saved) {
      assert.deepEqual(Object.keys(e).sort(), ['aiResponse', 'content', 'id', 'timestamp']);
      assert.equal(typeof e.timestamp, 'number');
      assert.equal(e.id, String(e.timestamp), 'id is the timestamp as a string');
      assert.ok(e.aiResponse.length > 10);
    }
    // The response shown is the one stored.
    const newest = saved.reduce((a, b) => (a.timestamp > b.timestamp ? a : b));
    assert.match(await entries.nth(0).textContent(), new RegExp(newest.aiResponse.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));

    await page.goto('/journal'); // a fresh page load (a reload opens the home page: the address is `/`)
    await entries.first().waitFor();
    assert.equal(await entries.count(), 2);
    await checkScreen(page, 'journal-entries');
  });

  it('journal: the calming audio toggle plays and stops', async () => {
    await open('/journal', 'Your Private Journal');
    const toggle = page.getByRole('button', { name: /Calming Audio/ });
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
    await toggle.click();
    await page.waitForFunction(
      () => document.querySelector('button[aria-pressed="true"]')?.textContent?.includes('Calming Audio'),
    );
    await toggle.click();
    assert.equal(await toggle.getAttribute('aria-pressed'), 'false');
  });

  it('resources: emergency numbers, search, category chips and the empty state', async () => {
    await open('/resources', 'Support Resources');
    const emergency = page.getByRole('region', { name: 'In immediate danger?' });
    assert.deepEqual(await emergency.getByRole('link').allTextContents(), ['112', '181', '1091', '100', '108']);
    assert.equal(await emergency.getByRole('listitem').count(), 5, 'one line per service, each with its own name');
    const cards = page.locator('.resource-card');
    assert.equal(await cards.count(), 6);
    await page.getByText(/This list is not exhaustive/).waitFor();
    const kiran = cards.filter({ hasText: 'KIRAN' });
    assert.equal(await kiran.getByRole('link', { name: '1800-599-0019' }).getAttribute('href'), 'tel:18005990019');
    await checkScreen(page, 'resources');

    const search = page.getByLabel('Search resources');
    await search.fill('LEGAL');
    // Name or description, case-insensitive: NALSA (name and description) and One Stop Centre (description).
    assert.deepEqual(await cards.locator('h3').allTextContents(), [
      'One Stop Centre (Sakhi)',
      'National Legal Services Authority (NALSA)',
    ]);

    await search.fill('');
    const chip = (name) => page.getByRole('group', { name: 'Filter by category' }).getByRole('button', { name, exact: true });
    await chip('Helplines').click();
    assert.equal(await chip('Helplines').getAttribute('aria-pressed'), 'true');
    assert.equal(await chip('All').getAttribute('aria-pressed'), 'false');
    assert.deepEqual(await cards.locator('.badge').allTextContents(), ['Helpline', 'Helpline']);
    for (const [name, badge] of [['Shelters', 'Shelter'], ['Legal Aid', 'Legal Aid'], ['Counseling', 'Counseling'], ['Medical', 'Medical']]) {
      await chip(name).click();
      assert.deepEqual(await cards.locator('.badge').allTextContents(), [badge], name);
    }
    // Search and chip combine.
    await search.fill('hotline');
    await page.getByText('No resources found matching your criteria. Try adjusting your search.').waitFor();
    assert.equal(await cards.count(), 0);
    await checkScreen(page, 'resources-empty');
    await chip('All').click();
    assert.deepEqual(await cards.locator('h3').allTextContents(), ['National Domestic Violence Hotline (United States)']);
  });

  it('safety plan: add, edit (cancel and save), delete, empty texts, print hides the app around it', async () => {
    await open('/safety-plan', 'My Safety Plan');
    const EMPTY = 'No items added yet. Use the form above to add to this category.';
    assert.equal(await page.getByText(EMPTY).count(), 6, 'six empty categories');
    await checkScreen(page, 'safety-plan-empty');

    const addButton = page.getByRole('button', { name: 'Add Item' });
    const text = page.getByLabel('What would you like to add?');
    assert.equal(await addButton.isDisabled(), true);
    await text.fill('   ');
    assert.equal(await addButton.isDisabled(), true, 'blank after trimming');
    await page.getByLabel('Category').selectOption({ label: 'Safe People' });
    await text.fill('My sister Asha, 98xxxx');
    await addButton.click();
    await page.getByLabel('Category').selectOption({ label: 'Essential Items' });
    await text.fill('Passport and bank card');
    await addButton.click();

    const section = (name) => page.getByRole('region', { name, exact: true });
    assert.match(await section('Safe People').textContent(), /My sister Asha/);
    assert.match(await section('Essential Items').textContent(), /Passport and bank card/);
    assert.equal(await page.getByText(EMPTY).count(), 4);
    let items = await stored('safety-plan-items');
    assert.deepEqual(
      items.map(({ category, content }) => ({ category, content })),
      [
        { category: 'safe-people', content: 'My sister Asha, 98xxxx' },
        { category: 'essential-items', content: 'Passport and bank card' },
      ],
    );
    assert.equal(new Set(items.map((i) => i.id)).size, 2, 'each item has its own id');

    // Edit, then cancel: unchanged.
    await page.getByRole('button', { name: 'Edit: My sister Asha, 98xxxx' }).click();
    await page.getByLabel('Edit item').fill('Changed my mind');
    await page.getByRole('button', { name: 'Cancel' }).click();
    assert.match(await section('Safe People').textContent(), /My sister Asha, 98xxxx/);
    assert.doesNotMatch(await section('Safe People').textContent(), /Changed my mind/);
    // Edit, then save.
    await page.getByRole('button', { name: 'Edit: My sister Asha, 98xxxx' }).click();
    await page.getByLabel('Edit item').fill('My sister Asha (call after 6pm)');
    await checkScreen(page, 'safety-plan-editing');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    assert.match(await section('Safe People').textContent(), /My sister Asha \(call after 6pm\)/);
    items = await stored('safety-plan-items');
    assert.equal(items.find((i) => i.category === 'safe-people').content, 'My sister Asha (call after 6pm)');

    // Printing shows the plan, not the navigation or the emergency widget.
    await page.emulateMedia({ media: 'print' });
    assert.equal(await page.getByRole('button', { name: 'Emergency options' }).isVisible(), false);
    assert.equal(await page.getByRole('navigation', { name: 'Main' }).isVisible(), false);
    assert.equal(await page.getByRole('contentinfo').isVisible(), false);
    assert.ok(await section('Safe People').isVisible());
    // What the page and the browser's print header and footer (title, address) show names no product.
    assert.doesNotMatch(await page.evaluate(() => document.body.innerText), /Solace/);
    assert.equal(await page.title(), 'Welcome');
    assert.equal(new URL(page.url()).pathname, '/');
    await page.emulateMedia({ media: 'screen' });
    assert.ok(await page.getByRole('button', { name: 'Emergency options' }).isVisible());

    await page.getByRole('button', { name: 'Delete: Passport and bank card' }).click();
    assert.equal(await page.getByText(EMPTY).count(), 5);
    await page.goto('/safety-plan'); // a fresh page load
    await section('Safe People').waitFor();
    assert.match(await section('Safe People').textContent(), /call after 6pm/);
    assert.equal((await stored('safety-plan-items')).length, 1);
    await page.getByText(/Your privacy:/).waitFor();
    await page.getByText(/print this plan/).waitFor();
    await checkScreen(page, 'safety-plan');
  });

  it('mood: select, save, same-day replace, reset; insights after five entries', async () => {
    await open('/mood', 'Mood Tracker');
    await page.getByRole('heading', { name: 'Today’s Affirmation' }).waitFor();
    const moodButton = (name) => page.getByRole('group', { name: 'Choose your mood' }).getByRole('button', { name, exact: true });
    for (const name of ['Very Difficult', 'Struggling', 'Okay', 'Good', 'Strong']) await moodButton(name).waitFor();
    const save = page.getByRole('button', { name: 'Save Entry' });
    const notes = page.getByLabel('Notes (optional)');
    assert.equal(await save.isDisabled(), true, 'a mood must be selected');
    assert.equal(await page.getByRole('heading', { name: 'Your Insights' }).count(), 0);
    await checkScreen(page, 'mood-empty');

    // Reset clears a selection and notes.
    await moodButton('Okay').click();
    await notes.fill('to be reset');
    await page.getByRole('button', { name: 'Reset' }).click();
    assert.equal(await moodButton('Okay').getAttribute('aria-pressed'), 'false');
    assert.equal(await notes.inputValue(), '');

    await moodButton('Good').click();
    assert.equal(await moodButton('Good').getAttribute('aria-pressed'), 'true');
    await notes.fill('Slept well');
    await save.click();
    await page.getByText('Your check-in has been saved. Here is something for you:').waitFor();
    assert.equal(await moodButton('Good').getAttribute('aria-pressed'), 'false', 'selection cleared after saving');
    assert.equal(await notes.inputValue(), '', 'notes cleared after saving');
    const history = page.locator('.mood-history > li');
    assert.equal(await history.count(), 1);
    assert.match(await history.first().textContent(), /4 · Good/);
    assert.match(await history.first().textContent(), /Slept well/);

    // Same day again: replaced, not added.
    await moodButton('Struggling').click();
    await notes.fill('A hard afternoon');
    await save.click();
    assert.equal(await history.count(), 1);
    assert.match(await history.first().textContent(), /2 · Struggling/);
    assert.match(await history.first().textContent(), /A hard afternoon/);
    let entries = await stored('mood-entries');
    assert.equal(entries.length, 1);
    const today = entries[0].date;
    assert.match(today, /^\d{4}-\d{2}-\d{2}$/);
    assert.deepEqual({ mood: entries[0].mood, notes: entries[0].notes }, { mood: 2, notes: 'A hard afternoon' });
    assert.equal(typeof entries[0].id, 'string');

    // Four earlier days (seeded) plus today: insights appear.
    const list = await stored('mood-entries');
    const earlier = await page.evaluate(() => {
      const daysAgo = (n) => {
        const d = new Date();
        d.setDate(d.getDate() - n);
        return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
      };
      return [
        [daysAgo(4), 5, 'Sunny walk'],
        [daysAgo(3), 4, ''],
        [daysAgo(2), 4, 'Call with a friend'],
        [daysAgo(1), 1, ''],
      ].map(([date, mood, notes]) => ({ id: `seed-${date}`, date, mood, notes }));
    });
    await writeVault(page, 'mood-entries', [...earlier, ...list]);
    await page.goto('/mood'); // a fresh page load
    const insights = page.getByRole('region', { name: 'Your Insights' });
    await insights.waitFor();
    const insightText = await insights.textContent();
    assert.match(insightText, /Check-ins so far: 5/);
    assert.match(insightText, /Average mood: 3\.2 out of 5/); // (5 + 4 + 4 + 1 + 2) / 5
    assert.match(insightText, /Most frequent mood: Good/);
    assert.equal(await history.count(), 5);
    assert.match(await history.first().textContent(), /Struggling/, 'newest date first');
    entries = await stored('mood-entries');
    assert.equal(entries.length, 5);
    await checkScreen(page, 'mood-insights');
  });

  it('mood, safety plan and resources work by keyboard alone', async () => {
    await open('/mood', 'Mood Tracker');
    const good = await tabUntil(page, (f) => f.tag === 'button' && /Good$/.test(f.name), 'the Good mood button');
    assert.ok(good.visibleFocus, 'the mood button shows where the focus is');
    await page.keyboard.press('Space');
    assert.equal(await page.getByRole('button', { name: 'Good', exact: true }).getAttribute('aria-pressed'), 'true');
    await tabUntil(page, (f) => f.label === 'Notes (optional)', 'the mood notes');
    await page.keyboard.type('Chosen by keyboard');
    await tabUntil(page, (f) => f.name === 'Save Entry', 'Save Entry');
    await page.keyboard.press('Enter');
    await page.getByText('Your check-in has been saved. Here is something for you:').waitFor();
    assert.match(await page.locator('.mood-history').textContent(), /Chosen by keyboard/);

    await open('/safety-plan', 'My Safety Plan');
    const category = await tabUntil(page, (f) => f.label === 'Category', 'the category select');
    assert.ok(category.visibleFocus);
    await page.keyboard.press('ArrowDown'); // Warning Signs -> Safe People
    assert.equal(await page.getByLabel('Category').inputValue(), 'safe-people');
    await page.keyboard.press('Tab');
    assert.equal((await focusedInfo(page)).label, 'What would you like to add?');
    await page.keyboard.type('Neighbour on the second floor');
    await tabUntil(page, (f) => f.name === 'Add Item', 'Add Item');
    await page.keyboard.press('Enter');
    const safePeople = page.getByRole('region', { name: 'Safe People', exact: true });
    assert.match(await safePeople.textContent(), /Neighbour on the second floor/);
    const edit = await tabUntil(page, (f) => f.name === 'Edit: Neighbour on the second floor', 'the Edit button');
    assert.ok(edit.visibleFocus);
    await page.keyboard.press('Enter');
    assert.equal((await focusedInfo(page)).label, 'Edit item', 'the edit field takes the focus');
    await page.keyboard.type(' (ask for Meera)');
    await page.keyboard.press('Escape');
    assert.doesNotMatch(await safePeople.textContent(), /Meera/, 'Escape cancels the edit');
    assert.equal((await focusedInfo(page)).name, 'Edit: Neighbour on the second floor', 'focus returns to Edit');

    await open('/resources', 'Support Resources');
    const chip = await tabUntil(page, (f) => f.name === 'Medical', 'the Medical chip');
    assert.ok(chip.visibleFocus);
    await page.keyboard.press('Enter');
    assert.deepEqual(await page.locator('.resource-card .badge').allTextContents(), ['Medical']);
  });

  it('settings: Clear All Data asks first, then clears local storage, alerts and reloads', async () => {
    await open('/settings', 'Settings');
    await page.getByRole('heading', { name: 'Where your data lives' }).waitFor();
    await page.getByRole('heading', { name: 'About Solace' }).waitFor();
    await page.getByRole('button', { name: 'Open Weather Disguise' }).waitFor();
    await page.getByRole('button', { name: 'Open Notes Disguise' }).waitFor();
    await checkScreen(page, 'settings');

    await writeVault(page, 'journal-entries', [{ id: '1', content: 'x', timestamp: 1, aiResponse: 'y' }]);
    await writeVault(page, 'safety-plan-items', [{ id: '1', category: 'safe-places', content: 'Library' }]);
    await writeVault(page, 'mood-entries', [{ id: '1', date: '2026-01-01', mood: 3, notes: '' }]);

    // Cancel keeps everything.
    await page.getByRole('button', { name: 'Clear All Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Clear all data?' });
    await dialog.waitFor();
    await checkScreen(page, 'settings-clear-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
    assert.deepEqual(await stored('journal-entries'), [{ id: '1', content: 'x', timestamp: 1, aiResponse: 'y' }]);
    assert.deepEqual(await stored('safety-plan-items'), [{ id: '1', category: 'safe-places', content: 'Library' }]);

    const alerts = [];
    page.on('dialog', (d) => {
      alerts.push({ type: d.type(), message: d.message() });
      void d.accept();
    });
    await page.getByRole('button', { name: 'Clear All Data' }).click();
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: 'Yes, clear everything' }).click();
    await reloaded;
    assert.deepEqual(alerts, [{ type: 'alert', message: 'All app data has been cleared successfully.' }]);
    assert.deepEqual(await page.evaluate(() => Object.keys(window.localStorage)), [], 'local storage is empty');
    // The session was in local storage too: the reloaded app is signed out.
    await signInScreen(page).waitFor();
    await page.getByRole('heading', { name: 'Welcome', exact: true }).waitFor();
  });
});
