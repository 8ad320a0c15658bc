// Kite keeps working when what it stored is broken (a history record an older or buggy build wrote,
// a hand-edited localStorage value) and when one pane of the main screen fails: the rest of the
// screen, and the request being built, stay.
import { expect, test, type Page } from '@playwright/test';
import { responseArea, send } from './support/client-screen';

const SET_ASIDE_TOAST = '1 history entry could not be read and was set aside';

async function sendUrl(page: Page, url: string) {
  await page.getByRole('textbox', { name: 'URL' }).fill(url);
  await send(page);
  await expect(responseArea(page).getByText('200', { exact: true })).toBeVisible();
}

const historyTab = (page: Page) => page.getByRole('tab', { name: /History/ });
const historyRows = (page: Page) => page.getByRole('list', { name: 'History' }).getByRole('listitem');

/** Writes a record without `url` into the history store, the way a broken build might have. */
async function storeBrokenRecord(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve, reject) => {
        const open = indexedDB.open('kite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const transaction = db.transaction('history', 'readwrite');
          transaction.objectStore('history').put({ id: 'zzzzzzzzz99', time: Date.now(), method: 'GET', request: {}, status: 200, size: 0, durationMs: 1, hasBody: false, bodyCut: false });
          transaction.oncomplete = () => {
            db.close();
            resolve();
          };
          transaction.onerror = () => reject(transaction.error);
        };
      }),
  );
}

async function setAsideRecords(page: Page) {
  return page.evaluate(
    () =>
      new Promise<unknown[]>((resolve, reject) => {
        const open = indexedDB.open('kite');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const read = db.transaction('historySetAside', 'readonly').objectStore('historySetAside').getAll();
          read.onsuccess = () => {
            db.close();
            resolve(read.result);
          };
          read.onerror = () => reject(read.error);
        };
      }),
  );
}

test('a broken history record is set aside with one notice; the good entries show and sending still works', async ({ page }, testInfo) => {
  await page.goto('/http-client');
  await sendUrl(page, '/users?per_page=1');
  await sendUrl(page, '/text');
  await expect(historyTab(page)).toHaveText(/History\s*2/);
  await storeBrokenRecord(page);

  await page.reload();
  await expect(page.getByText(SET_ASIDE_TOAST, { exact: true })).toHaveCount(1);
  await historyTab(page).click();
  await expect(historyRows(page)).toHaveCount(2);
  await expect(historyRows(page).first()).toContainText('/demo/text');
  await page.screenshot({ path: testInfo.outputPath('history-set-aside.png') });

  await page.getByRole('tab', { name: /Routes/ }).click();
  await sendUrl(page, '/users?per_page=2');
  await expect(responseArea(page).getByRole('region', { name: 'Pretty body' })).toContainText('"data": [');
  await historyTab(page).click();
  await expect(historyRows(page)).toHaveCount(3);

  // Kept, not deleted: the record waits in its own store, with why it was set aside.
  expect(await setAsideRecords(page)).toEqual([expect.objectContaining({ problem: 'url is missing', record: expect.objectContaining({ id: 'zzzzzzzzz99' }) })]);

  // Reported once: the next visit has nothing left to say.
  await page.reload();
  await historyTab(page).click();
  await expect(historyRows(page)).toHaveCount(3);
  // Toasts asked for before sonner loaded show as soon as its toaster mounts: once it has, and has
  // drawn, a notice from this visit would be on screen.
  await expect(page.locator('section[aria-label^="Notifications"]')).toBeAttached();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  await expect(page.getByText(SET_ASIDE_TOAST)).toHaveCount(0);
});

test('a corrupt saved request and corrupt preferences fall back to defaults with a console message', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
  });
  // Written from a page of the same origin that is not Kite, which would save its own request on leaving.
  await page.goto('/vendor/kite/manifest.json');
  await page.evaluate(() => {
    localStorage.setItem('kite:request', JSON.stringify({ url: 42, method: 'GET', headers: 'nope' }));
    localStorage.setItem('kite:preferences', '[1, 2]');
  });
  await page.goto('/http-client');
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('');
  await sendUrl(page, '/users?per_page=1');
  expect(warnings).toEqual(
    expect.arrayContaining([
      expect.stringContaining('Kite: the saved request (localStorage "kite:request") had unreadable fields (url, headers)'),
      expect.stringContaining('Failed to load preferences'),
    ]),
  );
});

test('a pane that fails shows what failed and a way to try again, and the request is kept', async ({ page }, testInfo) => {
  // The response viewer's chunk cannot load (a deployment replaced it, the network dropped).
  await page.route('**/chunks/ResponseViewer-*.js', (route) => route.abort());
  await page.goto('/http-client');
  await page.getByRole('textbox', { name: 'URL' }).fill('/users');
  await page.getByRole('button', { name: 'Send', exact: true }).click();

  const failure = responseArea(page).getByRole('alert');
  await expect(failure).toContainText('The response could not be shown.');
  await expect(failure).toContainText(/dynamically imported module|Importing a module script failed/);
  await expect(failure.getByRole('button', { name: 'Try again' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('response-pane-error.png') });

  // The rest of the screen carries on, with the request as it was.
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users');
  await historyTab(page).click();
  await expect(historyRows(page)).toHaveCount(1);

  await failure.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('textbox', { name: 'URL' })).toHaveValue('/users');
});

test("a reload right after an answer keeps its history entry and body, though storage had not taken it yet", async ({ page }) => {
  // History stores an entry a moment after its answer is drawn (with the store's rules, a chunk
  // loaded at the first Send). Holding that chunk back holds the write: the page is reloaded
  // before it could run, as a person pressing F5 at once would.
  let holdStore = true;
  await page.route(/\/chunks\/history-store-[A-Z0-9]+\.js$/, (route) => (holdStore ? undefined : route.continue()));
  await page.goto('/http-client');
  await sendUrl(page, '/users/2');
  await expect(responseArea(page)).toContainText('"Grace"');
  holdStore = false;
  await page.reload();
  await historyTab(page).click();
  await expect(historyRows(page)).toHaveCount(1);
  await page.getByRole('list', { name: 'History' }).getByRole('button', { name: /^GET\s*\/demo\/users\/2/ }).click();
  await expect(responseArea(page)).toContainText('"Grace"');
  // Stored by this visit: the journal is gone, and a second reload still lists the entry.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('kite:history-unsaved'))).toBeNull();
  await page.reload();
  await historyTab(page).click();
  await expect(historyRows(page)).toHaveCount(1);
});
