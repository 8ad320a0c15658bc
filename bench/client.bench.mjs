// The HTTP Client screen in Chromium against the Node host (dist/ must be built):
//  - route filter latency over 5,000 routes: a keystroke in the route search to the filtered list
//    painted (the end of the first animation frame after the footer shows the new count);
//  - opening a history of 100 entries: a click on the History tab to its rows painted, and the
//    IndexedDB read of 100 entries on its own;
//  - the JSON editor holding a 5 MB document: keystroke to paint, and the longest main-thread task
//    while the document is parsed and validated against the route's schema.
import { writeLargeOpenApiDocument } from '../tests/fixtures/large-openapi.mjs';
import { launchChromium, median, percentile, startKiteHost } from './support.mjs';

const documentFile = writeLargeOpenApiDocument({ operations: 5000 });
const host = await startKiteHost(['--openapi', documentFile]);
const browser = await launchChromium();
const fmt = (ms) => `${ms.toFixed(1)} ms`;

try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  await page.goto(host.url);
  await page.locator('.kite-explorer-footer', { hasText: '5000 routes' }).waitFor({ timeout: 30_000 });

  // ---- route filter latency -------------------------------------------------------------------
  const queries = ['r', 're', 'res', 'resource4', 'resource43', 'resource432', 'post resource432', 'delete', 'group7', 'store', '', 'update', 'resource99', ''];
  // The footer the explorer must show for each query, computed here with the same rule (every
  // term matches; a method name matches the method), so the probe knows when the list is done.
  const routes = (await (await fetch(`${host.url}/api/routes`)).json()).applications[0].routes;
  const methodNames = new Set(['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);
  const expectedFooter = (query) => {
    const terms = query.toLowerCase().split(/\s+/).filter(Boolean);
    const count = routes.filter((route) => {
      // route-list.ts routeHaystack: the operation id also split into words, and the tags.
      const name = route.name ?? '';
      const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[^A-Za-z0-9]+/g, ' ');
      const haystack = `${route.methods.join(' ')} ${route.uri} ${name} ${words} ${route.summary ?? ''} ${(route.tags ?? [route.group]).join(' ')}`.toLowerCase();
      return terms.every((term) => (methodNames.has(term) ? route.methods.some((m) => m.toLowerCase() === term) : haystack.includes(term)));
    }).length;
    return count === routes.length ? `${count} routes` : `${count} of ${routes.length} routes`;
  };
  const filterTimes = [];
  for (const query of queries) {
    filterTimes.push(
      await page.evaluate(
        ([text, expected]) =>
          new Promise((resolve) => {
            const input = document.querySelector('input[aria-label="Search routes"]');
            const footer = () => document.querySelector('.kite-explorer-footer')?.textContent ?? '';
            const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
            const started = performance.now();
            setter.call(input, text);
            input.dispatchEvent(new Event('input', { bubbles: true }));
            const check = () => {
              if (footer() === expected) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
              else requestAnimationFrame(check);
            };
            check();
          }),
        [query, expectedFooter(query)],
      ),
    );
  }
  console.log(`Route filter over 5,000 routes, keystroke to painted list (${queries.length} queries): median ${fmt(median(filterTimes))}, p95 ${fmt(percentile(filterTimes, 95))}, max ${fmt(Math.max(...filterTimes))} (goal: under 100 ms)`);

  // ---- history of 100 entries -------------------------------------------------------------------
  await page.evaluate(async () => {
    // The app's database as history-backend.ts opens it (version 2, with the set-aside store).
    const open = indexedDB.open('kite', 2);
    open.onupgradeneeded = () => {
      if (!open.result.objectStoreNames.contains('history')) open.result.createObjectStore('history', { keyPath: 'id' });
      if (!open.result.objectStoreNames.contains('historyBodies')) open.result.createObjectStore('historyBodies');
      if (!open.result.objectStoreNames.contains('historySetAside')) open.result.createObjectStore('historySetAside', { autoIncrement: true });
    };
    const db = await new Promise((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const transaction = db.transaction(['history', 'historyBodies'], 'readwrite');
    const body = new TextEncoder().encode(JSON.stringify({ data: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `user ${i}` })) })).buffer;
    for (let i = 0; i < 100; i += 1) {
      const id = `${(Date.now() - i * 1000).toString(36).padStart(9, '0')}${String(i).padStart(2, '0')}`;
      transaction.objectStore('history').put({
        id,
        time: Date.now() - i * 1000,
        method: i % 3 ? 'GET' : 'POST',
        url: `http://127.0.0.1:9/resource${i}`,
        request: { method: i % 3 ? 'GET' : 'POST', url: `/resource${i}`, headers: [{ id: 'h', enabled: true, name: 'X-Run', value: String(i) }], jsonBody: '{"name":"x"}' },
        status: i % 7 ? 200 : 422,
        statusText: 'OK',
        size: body.byteLength,
        durationMs: 12 + i,
        meta: { status: 200, statusText: 'OK', headers: [['content-type', 'application/json']], cookies: [], bodySize: body.byteLength, bodyBytes: body.byteLength, truncated: false, url: 'x', timing: { ttfbMs: 1, totalMs: 2 } },
        hasBody: true,
        bodyCut: false,
      });
      transaction.objectStore('historyBodies').put(body, id);
    }
    await new Promise((resolve) => (transaction.oncomplete = resolve));
    db.close();
  });
  const openTimes = [];
  const readTimes = [];
  for (let run = 0; run < 5; run += 1) {
    await page.reload();
    await page.locator('.kite-explorer-footer', { hasText: '5000 routes' }).waitFor({ timeout: 30_000 });
    readTimes.push(
      await page.evaluate(async () => {
        const started = performance.now();
        const db = await new Promise((resolve, reject) => {
          const open = indexedDB.open('kite', 2);
          open.onsuccess = () => resolve(open.result);
          open.onerror = () => reject(open.error);
        });
        const entries = await new Promise((resolve) => {
          const request = db.transaction('history').objectStore('history').getAll();
          request.onsuccess = () => resolve(request.result);
        });
        db.close();
        if (entries.length !== 100) throw new Error(`expected 100 entries, read ${entries.length}`);
        return performance.now() - started;
      }),
    );
    openTimes.push(
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const tab = [...document.querySelectorAll('[role="tab"]')].find((element) => element.textContent?.includes('History'));
            const started = performance.now();
            tab.click();
            const check = () => {
              if (document.querySelectorAll('.kite-history-row').length > 0) requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - started), 0));
              else requestAnimationFrame(check);
            };
            requestAnimationFrame(check);
          }),
      ),
    );
  }
  console.log(`History of 100 entries: click on the History tab to rows painted, median ${fmt(median(openTimes))} (max ${fmt(Math.max(...openTimes))}); IndexedDB read of the 100 entries, median ${fmt(median(readTimes))}`);

  // ---- JSON editor with 5 MB ------------------------------------------------------------------------
  await page.getByRole('tab', { name: /Routes/ }).click();
  await page.getByRole('searchbox', { name: 'Search routes' }).fill('post resource1');
  await page.getByRole('navigation', { name: 'Routes' }).getByRole('button', { name: /^POST\s*\/resource1$/ }).click();
  // The body editor is its own chunk: it may still be on its way when the route is picked.
  await page.getByRole('textbox', { name: 'JSON body' }).waitFor();
  const editorFigures = await page.evaluate(async () => {
    const items = [];
    let size = 2;
    for (let i = 0; size < 5 * 1024 * 1024; i += 1) {
      const item = JSON.stringify({ name: `user number ${i}`, email: `user${i}@example.com`, age: 20 + (i % 60) });
      items.push(item);
      size += item.length + 3;
    }
    const text = `[\n ${items.join(',\n ')}\n]`;
    let longest = 0;
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) longest = Math.max(longest, entry.duration);
    });
    observer.observe({ type: 'longtask', buffered: false });
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    const waitFor = (predicate) =>
      new Promise((resolve) => {
        const check = () => (predicate() ? resolve() : requestAnimationFrame(check));
        check();
      });
    const status = () => document.querySelector('.kite-json-status > span')?.textContent ?? '';

    // Paste the document into the (empty) editor.
    const editor = document.querySelector('[aria-label="JSON body"]');
    editor.focus();
    const data = new DataTransfer();
    data.setData('text/plain', text);
    let started = performance.now();
    editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    await waitFor(() => editor.querySelectorAll('.cm-line').length > 10);
    await frame();
    const pasteToPaintMs = performance.now() - started;
    const longestWhilePasting = longest;

    // Type near the top of the document, one character per frame, as the browser types them.
    longest = 0;
    const firstLine = editor.querySelector('.cm-line');
    const caret = document.createRange();
    caret.setStart(firstLine.firstChild ?? firstLine, 0);
    caret.collapse(true);
    getSelection().removeAllRanges();
    getSelection().addRange(caret);
    await frame();
    const keystrokes = [];
    for (let i = 0; i < 30; i += 1) {
      started = performance.now();
      document.execCommand('insertText', false, ' ');
      await frame();
      keystrokes.push(performance.now() - started);
    }
    const longestWhileTyping = longest;

    // The pause: the text reaches the request state, then it is parsed and validated.
    longest = 0;
    started = performance.now();
    await new Promise((resolve) => setTimeout(resolve, 200));
    await waitFor(() => status().includes('Valid JSON') || status().includes('error'));
    const validationMs = performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 200));
    observer.disconnect();
    return { bytes: text.length, pasteToPaintMs, longestWhilePasting, keystrokes, longestWhileTyping, validationMs, longestWhileValidating: longest, status: status() };
  });
  console.log(
    `JSON editor with a ${(editorFigures.bytes / 1024 / 1024).toFixed(1)} MB document (CodeMirror): paste to painted ${fmt(editorFigures.pasteToPaintMs)} (longest task ${fmt(editorFigures.longestWhilePasting)}); ` +
      `keystroke to paint median ${fmt(median(editorFigures.keystrokes))}, max ${fmt(Math.max(...editorFigures.keystrokes))} (longest task ${fmt(editorFigures.longestWhileTyping)}); ` +
      `validated ${fmt(editorFigures.validationMs)} after the last key, longest task while validating ${fmt(editorFigures.longestWhileValidating)} — "${editorFigures.status}"`,
  );
} finally {
  await browser.close();
  await host.stop();
}
