import { Profiler } from 'react';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ListedRoute, RouteIndex } from '../../../../protocol/types';
import { RouteExplorer } from './RouteExplorer';
import { ROUTES_SEARCHED_AT_ONCE, SEARCH_REHEARSALS, rehearseSearch } from './route-list';

// The explorer's rehearsal, counted: the module's own, wrapped.
vi.mock('./route-list', async (importOriginal) => {
  const original = await importOriginal<typeof import('./route-list')>();
  return { ...original, rehearseSearch: vi.fn(original.rehearseSearch) };
});
import type { RoutesState } from './use-routes';

/** A route index of `count` routes, `/resource{n}`, in groups of 100. */
function catalogue(count: number): RoutesState {
  const routes: ListedRoute[] = Array.from({ length: count }, (_, n) => ({ id: `GET /resource${n}`, methods: ['GET'], uri: `/resource${n}`, group: `group${Math.floor(n / 100)}`, extractionErrors: [] }));
  const listed: RouteIndex = { index: true, application: 'app', revision: 'r1', applications: [{ id: 'app', routes }] };
  return { data: null, listed, loading: false, error: null, refresh: () => undefined, noticeRevision: () => undefined };
}

/** The explorer over `routes`, and the searches its list showed, one per commit of the explorer. */
function renderExplorer(routes: RoutesState) {
  const listed: string[] = [];
  render(
    <MemoryRouter>
      <Profiler id="explorer" onRender={() => listed.push(document.querySelector('.kite-explorer-list')!.getAttribute('data-search')!)}>
        <RouteExplorer routes={routes} selectedRouteId="" onSelect={() => undefined} />
      </Profiler>
    </MemoryRouter>,
  );
  listed.length = 0;
  return listed;
}

describe('a search typed in the route explorer', () => {
  afterEach(cleanup);

  it('is listed in the render that shows the character, and nothing renders the explorer again after it', async () => {
    const listed = renderExplorer(catalogue(500));
    // act() runs everything React scheduled, deferred renders and transitions included.
    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search routes' }), { target: { value: 'resource12' } });
    });
    // A second commit was useDeferredValue catching up after the frame: a task of the page's that
    // came before the next key on a busy machine.
    expect(listed).toEqual(['resource12']);
    expect(screen.getByText('11 of 500 routes')).toBeTruthy();
  });

  it('over more routes than a key searches at once, shows the character first and the list in a second render', async () => {
    const listed = renderExplorer(catalogue(ROUTES_SEARCHED_AT_ONCE + 1));
    await act(async () => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search routes' }), { target: { value: 'resource12000' } });
    });
    expect(listed).toEqual(['', 'resource12000']);
    expect(screen.getByText(`1 of ${ROUTES_SEARCHED_AT_ONCE + 1} routes`)).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: 'Search routes' })).toHaveProperty('value', 'resource12000');
  });
});

describe('the search rehearsed in idle periods', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.mocked(rehearseSearch).mockClear();
  });

  /** requestIdleCallback whose callbacks run when `idle(ms)` says, each with `ms` of idle time. */
  function idlePeriods() {
    let queue: IdleRequestCallback[] = [];
    vi.stubGlobal('requestIdleCallback', (callback: IdleRequestCallback) => queue.push(callback));
    vi.stubGlobal('cancelIdleCallback', () => undefined);
    return (ms: number, periods = 10) => {
      for (let period = 0; period < periods; period += 1) {
        const due = queue;
        queue = [];
        for (const callback of due) callback({ didTimeout: false, timeRemaining: () => ms });
      }
    };
  }

  it('runs SEARCH_REHEARSALS times once the search texts are made, in idle periods long enough for one', () => {
    const idle = idlePeriods();
    renderExplorer(catalogue(500));
    idle(5);
    expect(rehearseSearch).not.toHaveBeenCalled();
    idle(50);
    expect(rehearseSearch).toHaveBeenCalledTimes(SEARCH_REHEARSALS);
    idle(50);
    expect(rehearseSearch).toHaveBeenCalledTimes(SEARCH_REHEARSALS);
  });

  it('stops at the first key: past it the search runs compiled anyway, and a rehearsal would come between keys', () => {
    const idle = idlePeriods();
    renderExplorer(catalogue(500));
    act(() => {
      fireEvent.change(screen.getByRole('searchbox', { name: 'Search routes' }), { target: { value: 'resource1' } });
    });
    idle(50);
    expect(rehearseSearch).not.toHaveBeenCalled();
  });
});
