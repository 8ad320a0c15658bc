// The in-page instrument, added before any of the page's own scripts (an init script), so it works
// the same in every client without knowing how each one renders:
// - a MutationObserver on the document and on every shadow root (attachShadow is wrapped, since
//   RapiDoc renders inside shadow DOM) that notices the body's first-line and last-line tokens,
//   each counted once its element is visible (checkVisibility with opacity and CSS visibility): a
//   token added out of sight (e.g. an answer rendered hidden, to be revealed later) is re-checked on
//   each animation-frame beat and on attribute changes until it shows;
// - a requestAnimationFrame heartbeat whose longest gap says whether the page froze;
// - a buffered 'longtask' PerformanceObserver for the longest main-thread task.
// Node arms it with the two tokens just before clicking Send; times run from that click (a
// capturing listener) to the end of the frame that painted the token (rAF, then a message, which
// runs after that frame's rendering). Token checks walk text nodes, never build a huge
// textContent, so the probe itself adds no long task on a 100 MB body.

/** The init script's source; `window.__bench` is its interface. */
export const PROBE_SCRIPT = `(() => {
  const now = () => performance.now();
  const longTasks = [];
  try {
    new PerformanceObserver((list) => { for (const e of list.getEntries()) longTasks.push([e.startTime, e.duration]); })
      .observe({ type: 'longtask', buffered: true });
  } catch (e) {}

  let armed = null;
  let clickAt = null, firstAt = null, lastAt = null, firstSeen = false, lastSeen = false;
  const UNREACHABLE_AFTER_MS = 3000;
  let endHeight = -1, atEndSince = null, unreachable = false, lastMutation = 0;
  let lastBeat = now(), maxGap = 0, scroller = null, resolveDone, failure = null;
  const done = new Promise((resolve) => { resolveDone = resolve; });

  const afterPaint = (record) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => record(now());
    channel.port2.postMessage(0);
  });

  // Text nodes under a node, first to last or last to first, at most 'limit' of them.
  function textNodes(node, fromEnd, limit) {
    if (node.nodeType === 3) return [node];
    if (node.nodeType !== 1 && node.nodeType !== 11) return [];
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const out = [];
    if (fromEnd) {
      let last = node; while (last.lastChild) last = last.lastChild;
      walker.currentNode = last;
      let current = last.nodeType === 3 ? last : walker.previousNode();
      while (current && out.length < limit) { out.push(current); current = walker.previousNode(); }
    } else {
      let current = walker.nextNode();
      while (current && out.length < limit) { out.push(current); current = walker.nextNode(); }
    }
    return out;
  }
  const findAll = (node, token, fromEnd) => textNodes(node, fromEnd, 2000).filter((t) => t.data.includes(token));
  // Seen = its element is rendered and visible (not display:none, visibility:hidden or opacity 0, nor inside such).
  const visible = (text) => {
    const element = text.parentElement ?? text.parentNode?.host;
    if (!element || !text.isConnected) return false;
    return typeof element.checkVisibility === 'function' ? element.checkVisibility({ checkOpacity: true, checkVisibilityCSS: true }) : true;
  };
  const find = (node, token, fromEnd) => findAll(node, token, fromEnd).find(visible) ?? null;
  // Tokens found out of sight, re-checked until one shows.
  let hiddenFirst = [], hiddenLast = [];

  // The nearest ancestor (across shadow roots) that scrolls, else the document's scroller.
  function scrollerOf(node) {
    let element = node.nodeType === 1 ? node : node.parentElement ?? node.parentNode?.host;
    while (element) {
      const style = getComputedStyle(element);
      if (/(auto|scroll)/.test(style.overflowY) && element.scrollHeight > element.clientHeight + 1) return element;
      element = element.parentElement ?? element.parentNode?.host ?? null;
    }
    return document.scrollingElement;
  }

  function finish() {
    if (!lastSeen) return;
    resolveDone('done');
  }
  function noticeLast() {
    if (lastSeen) return;
    lastSeen = true;
    afterPaint((t) => { lastAt = t; finish(); });
  }
  function noticeFirst(textNode) {
    if (firstSeen) return;
    firstSeen = true;
    afterPaint((t) => { firstAt = t; if (lastAt !== null) finish(); });
    scroller = scrollerOf(textNode);
    // Already rendered whole (no virtualisation)? Then the end is reachable by scrolling there.
    if (find(scroller, armed.last, true)) { scroller.scrollTop = scroller.scrollHeight; noticeLast(); }
  }

  function check(node) {
    if (!armed || clickAt === null) return;
    if (!firstSeen) {
      const hits = findAll(node, armed.first, false);
      const hit = hits.find(visible);
      if (hit) noticeFirst(hit); else hiddenFirst.push(...hits);
    }
    if (firstSeen && !lastSeen) {
      const hits = findAll(node, armed.last, true);
      if (hits.some(visible)) noticeLast(); else hiddenLast.push(...hits);
    }
  }
  // A token added out of sight counts from the change that shows it.
  function recheckHidden() {
    if (!armed || clickAt === null || lastSeen) return;
    if (!firstSeen && hiddenFirst.length > 0) {
      hiddenFirst = hiddenFirst.filter((t) => t.isConnected);
      const hit = hiddenFirst.find(visible);
      if (hit) { hiddenFirst = []; noticeFirst(hit); }
    }
    if (firstSeen && !lastSeen && hiddenLast.length > 0) {
      hiddenLast = hiddenLast.filter((t) => t.isConnected);
      if (hiddenLast.some(visible)) { hiddenLast = []; noticeLast(); }
    }
  }
  const observer = new MutationObserver((records) => {
    let shown = false;
    for (const record of records) if (record.type === 'attributes') shown = true; else lastMutation = now();
    if (!armed || clickAt === null || lastSeen) return;
    for (const record of records) {
      if (record.type === 'characterData') check(record.target);
      else if (record.type === 'childList') for (const node of record.addedNodes) check(node);
      if (lastSeen) break;
    }
    if (shown) recheckHidden();
  });
  const options = { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['hidden', 'inert', 'style', 'class', 'open', 'aria-hidden'] };
  observer.observe(document, options);
  const attachShadow = Element.prototype.attachShadow;
  Element.prototype.attachShadow = function (init) {
    const root = attachShadow.call(this, init);
    observer.observe(root, options);
    return root;
  };

  // Heartbeat; once the first line is up, keep the body's scroller at its end until the last line shows.
  const beat = () => {
    const t = now();
    if (clickAt !== null && lastAt === null && !unreachable) maxGap = Math.max(maxGap, t - lastBeat);
    lastBeat = t;
    recheckHidden();
    if (firstSeen && !lastSeen && scroller) {
      scroller.scrollTop = scroller.scrollHeight;
      // A scroller that sits at its end, not growing, with nothing on the page changing for 3 s,
      // and no last line, will never show it (e.g. a list taller than the browser's maximum
      // element height): give up early. A page still working (progress bars, rows) keeps going.
      const atEnd = scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 2;
      if (!atEnd || scroller.scrollHeight !== endHeight || t - lastMutation < UNREACHABLE_AFTER_MS) { endHeight = scroller.scrollHeight; atEndSince = atEnd ? t : null; }
      else if (atEndSince === null) atEndSince = t;
      else if (t - atEndSince > UNREACHABLE_AFTER_MS) { unreachable = true; resolveDone('unreachable'); }
    }
    requestAnimationFrame(beat);
  };
  requestAnimationFrame(beat);

  // The first click of all is the one on the first control on the way to the send button.
  let firstClickAt = null;
  addEventListener('click', () => {
    firstClickAt ??= now();
    if (armed && clickAt === null) { clickAt = now(); lastBeat = clickAt; }
  }, true);
  addEventListener('error', (e) => { if (armed && !failure) failure = String(e.message || e); });

  window.__bench = {
    arm(first, last) { armed = { first, last }; },
    done,
    stats() {
      const end = lastAt ?? now();
      const longest = longTasks
        .filter(([start, duration]) => clickAt !== null && start + duration > clickAt && start < end)
        .reduce((max, [, duration]) => Math.max(max, duration), 0);
      const gapNow = clickAt !== null && lastAt === null ? now() - lastBeat : 0;
      return {
        clicked: clickAt !== null,
        firstControl: firstClickAt,
        unreachable,
        scrollHeight: scroller ? scroller.scrollHeight : null,
        firstText: firstAt === null ? null : firstAt - clickAt,
        lastLine: lastAt === null ? null : lastAt - clickAt,
        longestTask: longest,
        maxGap: Math.max(maxGap, gapNow),
        pageError: failure,
      };
    },
  };
})();`;
