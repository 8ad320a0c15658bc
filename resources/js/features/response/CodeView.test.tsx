import { Profiler } from 'react';
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CodeView } from './CodeView';
import { openBodySource } from './body-source';

// A pane that never resizes: the view keeps the window's height, so no render comes from measuring it.
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const users = Array.from({ length: 200 }, (_, n) => ({ id: n + 1, name: `user-${n + 1}` }));

function renderBody() {
  const bytes = new TextEncoder().encode(JSON.stringify({ data: users, meta: { total: users.length } })).buffer;
  const source = openBodySource(bytes, { json: true, where: 'local' });
  const status = source.status!;
  let commits = 0;
  const view = render(
    <Profiler id="code" onRender={() => (commits += 1)}>
      <CodeView source={source} view="pretty" lineCount={status.prettyLines} version="1" currentMatch={-1} reveal={null} onFold={() => undefined} label="Pretty body" indexed={!status.indexing} />
    </Profiler>,
  );
  return { ...view, commits: () => commits, lineCount: status.prettyLines };
}

describe('a body indexed on the page', () => {
  it('is drawn with its rows in its first render, its end included, and not drawn again for them', async () => {
    const { container, commits, lineCount } = renderBody();
    // Read before anything React or a promise does after the render that mounted it.
    expect(container.querySelectorAll('.kite-code-row[data-loading]')).toHaveLength(0);
    expect(container.textContent).toContain('"user-1"');
    // The last screenful is drawn with the first (CodeView's end block).
    expect(container.textContent).toContain('"total": 200');
    expect(lineCount).toBeGreaterThan(600);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // One commit: before, the rows came from a promise and every row was drawn a second time.
    expect(commits()).toBe(1);
  });
});
