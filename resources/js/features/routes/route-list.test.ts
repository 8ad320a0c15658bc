import { describe, expect, it } from 'vitest';
import type { RouteInfo, RoutesResponse } from '../../../../protocol/types';
import { ROUTES_SEARCHED_AT_ONCE, apiVersionOf, apiVersions, createRouteSearch, explorerList, explorerRoutes, explorerRows, filterRoutes, indexRoutes, rehearseSearch, searchNarrows, moveActiveRoute, scopeRoutes, shortenPath, shouldRefreshForRevision, shouldRefreshOnFocus } from './route-list';
import { rowOffsets } from './row-window';

const route = (methods: RouteInfo['methods'], uri: string, group: string, name?: string): RouteInfo => ({
  id: `${methods[0]} ${uri}`,
  methods,
  uri,
  name,
  group,
  parameters: [],
  schema: {},
  extractionErrors: [],
});

const response: RoutesResponse = {
  application: 'app',
  revision: '1',
  applications: [
    {
      id: 'app',
      name: 'App',
      baseUrl: 'http://x',
      routes: [
        route(['GET'], '/users', 'users', 'users.index'),
        route(['POST'], '/users', 'users', 'users.store'),
        route(['GET'], '/posts', 'posts', 'posts.index'),
        route(['DELETE'], '/users/{user}', 'users', 'users.destroy'),
      ],
    },
  ],
};

describe('route explorer list', () => {
  const items = explorerRoutes(response);

  it('groups routes by resource, groups in first-seen order', () => {
    const rows = explorerRows(items, new Set());
    expect(rows.map((row) => (row.kind === 'group' ? `# ${row.label} (${row.count})` : row.item.route.id))).toEqual([
      '# users (3)',
      'GET /users',
      'POST /users',
      'DELETE /users/{user}',
      '# posts (1)',
      'GET /posts',
    ]);
  });

  it('hides the routes of a collapsed group but keeps its header', () => {
    const rows = explorerRows(items, new Set(['users']));
    expect(rows.filter((row) => row.kind === 'route')).toHaveLength(1);
    expect(rows[0]).toMatchObject({ kind: 'group', label: 'users', collapsed: true, count: 3 });
  });

  it('filters by path, by name and by method', () => {
    expect(filterRoutes(items, 'posts').map((item) => item.route.id)).toEqual(['GET /posts']);
    expect(filterRoutes(items, 'destroy').map((item) => item.route.id)).toEqual(['DELETE /users/{user}']);
    expect(filterRoutes(items, 'post').map((item) => item.route.id)).toEqual(['POST /users']);
    expect(filterRoutes(items, 'get users').map((item) => item.route.id)).toEqual(['GET /users']);
    expect(filterRoutes(items, '  ')).toHaveLength(4);
  });

  // How fast is the routes bench's to say (`npm run bench -- routes`); here only what it finds.
  it('filters 5,000 routes down to the one asked for, under its group', () => {
    const many = explorerRoutes({
      ...response,
      applications: [{ ...response.applications[0], routes: Array.from({ length: 5000 }, (_, i) => route(['GET'], `/r${i}/items`, `g${i % 50}`)) }],
    });
    const rows = explorerRows(filterRoutes(many, 'r4999'), new Set());
    expect(rows).toHaveLength(2);
  });

  it('refreshes on focus at most every 10 seconds, and only when enabled', () => {
    expect(shouldRefreshOnFocus(0, 9_999, true)).toBe(false);
    expect(shouldRefreshOnFocus(0, 10_000, true)).toBe(true);
    expect(shouldRefreshOnFocus(0, 60_000, false)).toBe(false);
  });

  it('refetches after a relay answer whose routes revision differs from the routes on screen, once per revision', () => {
    const on = { shown: 'aaa', alreadyFetchedFor: null, enabled: true };
    expect(shouldRefreshForRevision({ ...on, reported: 'bbb' })).toBe(true);
    expect(shouldRefreshForRevision({ ...on, reported: 'aaa' })).toBe(false);
    expect(shouldRefreshForRevision({ ...on, reported: 'bbb', alreadyFetchedFor: 'bbb' })).toBe(false);
    expect(shouldRefreshForRevision({ ...on, reported: 'ccc', alreadyFetchedFor: 'bbb' })).toBe(true);
    expect(shouldRefreshForRevision({ ...on, reported: 'bbb', shown: undefined })).toBe(true);
  });

  it('does not refetch for a host that reports no revision, or when automatic refresh is off', () => {
    expect(shouldRefreshForRevision({ reported: undefined, shown: 'aaa', alreadyFetchedFor: null, enabled: true })).toBe(false);
    expect(shouldRefreshForRevision({ reported: '', shown: 'aaa', alreadyFetchedFor: null, enabled: true })).toBe(false);
    expect(shouldRefreshForRevision({ reported: 'bbb', shown: 'aaa', alreadyFetchedFor: null, enabled: false })).toBe(false);
  });
});

describe('route search over large catalogues', () => {
  const response = {
    application: 'gh',
    revision: '1',
    applications: [
      {
        id: 'gh',
        name: 'GitHub',
        baseUrl: 'https://api.github.com',
        routes: [
          { id: 'GET /orgs/{org}/repos', methods: ['GET' as const], uri: '/orgs/{org}/repos', name: 'repos/list-for-org', summary: 'List organization repositories', group: 'repos', tags: ['repos'], parameters: [], schema: {}, extractionErrors: [] },
          { id: 'POST /user/keys', methods: ['POST' as const], uri: '/user/keys', name: 'createGpgKey', summary: 'Create a key', group: 'users', tags: ['users', 'security'], parameters: [], schema: {}, extractionErrors: [] },
        ],
      },
    ],
  };
  const items = explorerRoutes(response);
  const ids = (search: string) => filterRoutes(items, search).map((item) => item.route.id);

  it('finds routes by summary, operation id (also in words) and any tag, not only by path', () => {
    expect(ids('organization repositories')).toEqual(['GET /orgs/{org}/repos']);
    expect(ids('list-for-org')).toEqual(['GET /orgs/{org}/repos']);
    expect(ids('gpg key')).toEqual(['POST /user/keys']);
    expect(ids('security')).toEqual(['POST /user/keys']);
    expect(ids('post repos')).toEqual([]);
  });
});

/** The list of one application with these routes. */
const listOf = (routes: RouteInfo[]) => explorerRoutes({ ...response, applications: [{ ...response.applications[0]!, routes }] });

describe('a keystroke searching only what the search before it found', () => {
  const methods = [['GET'], ['POST'], ['DELETE'], ['GET', 'HEAD'], ['PATCH']] as const;
  const summaries = ['Gets the user', 'List users', 'Delete a user post', undefined, 'Get posts'];
  const groups = ['users', 'posts', 'groups'];
  const items = listOf(
    Array.from({ length: 400 }, (_, i) => ({
      ...route([...methods[i % 5]!], `/${groups[i % 3]}/{id}/r${i}`, groups[i % 3]!, i % 7 === 0 ? `usersGet${i}` : `item.list${i}`),
      id: `r${i}`,
      summary: summaries[i % 4],
    })),
  );
  const ids = (found: typeof items) => found.map((item) => item.route.id);

  // Each line is typed in order (characters added, removed, replaced, spaces, method terms).
  it.each([
    ['u', 'us', 'use', 'user', 'users', 'user', 'use', 'users p', 'users po', 'users post'],
    ['g', 'ge', 'get', 'gets', 'get', 'get ', 'get u', 'get us', 'ge us'],
    ['post', 'posts', 'post', 'post d', 'post de', 'post del', 'post delete', 'delete'],
    ['r1', 'r12', 'r1', 'r19', 'r199', '', 'list', 'list1', 'lis'],
    ['head', 'head ', 'head g', 'head ge', 'head get', 'headx', 'xhead'],
  ])('finds what a search of all routes finds, typed %s …', (...typed) => {
    const search = createRouteSearch();
    for (const query of typed) expect(ids(search(items, query)), query).toEqual(ids(filterRoutes(items, query)));
  });

  it('narrows only when every earlier term is kept or extended, a method term only kept', () => {
    expect(searchNarrows('user', 'users')).toBe(true);
    expect(searchNarrows('user', 'users get')).toBe(true);
    expect(searchNarrows('', 'users')).toBe(true);
    expect(searchNarrows('ge', 'get')).toBe(true);
    expect(searchNarrows('users', 'user')).toBe(false);
    expect(searchNarrows('get', 'gets')).toBe(false);
    expect(searchNarrows('users get', 'users')).toBe(false);
  });

  it('searches all routes again when they are other routes', () => {
    const search = createRouteSearch();
    search(items, 'users');
    const others = listOf([route(['GET'], '/usersx', 'x')]);
    expect(ids(search(others, 'usersx'))).toEqual(['GET /usersx']);
  });

  it('is quick when it narrows a result of at most ROUTES_SEARCHED_AT_ONCE routes', () => {
    const many = listOf(Array.from({ length: ROUTES_SEARCHED_AT_ONCE + 1 }, (_, i) => route(['GET'], `/r${i}`, 'r')));
    const search = createRouteSearch();
    expect(search.isQuick(many, 'r')).toBe(false);
    search(many, 'r');
    expect(search.isQuick(many, 'r1')).toBe(false);
    search(many, 'r1');
    expect(search.isQuick(many, 'r10')).toBe(true);
    expect(search.isQuick(many, 'x')).toBe(false);
  });

  it('keeps each route\'s row between keystrokes, so the rows in view stay the same objects', () => {
    const first = explorerRows(filterRoutes(items, 'user'), new Set());
    const second = explorerRows(filterRoutes(items, 'users'), new Set());
    const row = second.find((candidate) => candidate.kind === 'route')!;
    expect(first.find((candidate) => candidate.key === row.key)).toBe(row);
  });
});

describe('the search index of a large catalogue', () => {
  const many = () =>
    explorerRoutes({
      application: 'app',
      revision: '1',
      applications: [{ id: 'app', name: 'App', baseUrl: 'http://x', routes: Array.from({ length: 300 }, (_, i) => ({ id: `GET /things/${i}`, methods: ['GET' as const], uri: `/things/${i}`, name: `getThing${i}`, group: 'things', parameters: [], schema: {}, extractionErrors: [] })) }],
    });

  it('is not built with the rows: they are drawn first', () => {
    expect(many().every((item) => item.haystack === undefined)).toBe(true);
  });

  it('is built in slices that stop when time runs out and go on where they stopped', () => {
    const items = many();
    let slices = 0;
    const stoppedAt = indexRoutes(items, 0, () => slices++ < 2);
    expect(stoppedAt).toBe(128);
    expect(items[5].haystack).toBe('get /things/5 getthing5 get thing5  things');
    expect(items.slice(0, 128).every((item) => item.haystack !== undefined)).toBe(true);
    expect(items[128].haystack).toBeUndefined();
    expect(indexRoutes(items, stoppedAt, () => true)).toBe(300);
    expect(items.every((item) => item.haystack !== undefined)).toBe(true);
  });

  it('is kept when the whole routes replace the page\'s route index, for each route listed the same', () => {
    const fromIndex = many();
    indexRoutes(fromIndex, 0, () => true);
    const whole = {
      application: 'app',
      revision: '1',
      applications: [{ id: 'app', name: 'App', baseUrl: 'http://x', routes: fromIndex.map((item, i) => ({ ...item.route, ...(i === 7 ? { summary: 'Changed' } : {}), parameters: [], schema: {} })) }],
    };
    const items = explorerRoutes(whole, fromIndex);
    expect(items[5].haystack).toBe('get /things/5 getthing5 get thing5  things');
    expect(items[5].route).toBe(whole.applications[0].routes[5]);
    // A route listed otherwise (a refresh brought news) gets its search text afresh.
    expect(items[7].haystack).toBeUndefined();
    expect(items.filter((item) => item.haystack !== undefined)).toHaveLength(299);
    expect(filterRoutes(items, 'changed').map((item) => item.route.id)).toEqual(['GET /things/7']);
  });

  it('is built by the search itself where the slices have not come yet', () => {
    const items = many();
    indexRoutes(items, 0, () => false);
    expect(filterRoutes(items, 'thing 299').map((item) => item.route.id)).toEqual(['GET /things/299']);
    expect(filterRoutes(items, 'getthing29').map((item) => item.route.id)).toEqual(['GET /things/29', ...Array.from({ length: 10 }, (_, i) => `GET /things/${290 + i}`)]);
  });
});

describe('shortening long paths', () => {
  it('keeps the first segment and the distinctive end, cutting whole segments in the middle', () => {
    expect(shortenPath('/repos/{owner}/{repo}/issues/{issue_number}/comments', 45)).toBe('/repos/…/issues/{issue_number}/comments');
    expect(shortenPath('/repos/{owner}/{repo}/issues/{issue_number}/comments', 35)).toBe('/repos/…/{issue_number}/comments');
    expect(shortenPath('/repos/{owner}/{repo}/issues/{issue_number}/comments', 25)).toBe('/repos/…/comments');
  });

  it('leaves short paths and two-segment paths as they are', () => {
    expect(shortenPath('/users/{id}', 40)).toBe('/users/{id}');
    expect(shortenPath('/a-very-long-segment-name/another-very-long-segment', 10)).toBe('/a-very-long-segment-name/another-very-long-segment');
  });
});

describe('the list\'s row offsets, built in the same pass as its rows', () => {
  const withSummary = (methods: RouteInfo['methods'], uri: string, group: string, summary?: string) => ({ ...route(methods, uri, group), summary });
  const twoApplications: RoutesResponse = {
    application: 'shop',
    revision: '1',
    applications: [
      { id: 'shop', name: 'Shop', baseUrl: 'http://shop', routes: [withSummary(['GET'], '/orders', 'orders', 'List orders'), withSummary(['POST'], '/orders', 'orders'), withSummary(['GET'], '/health', 'health', 'Health'), withSummary(['GET'], '/orders/{id}', 'orders')] },
      { id: 'admin', name: 'Admin', baseUrl: 'http://admin', routes: [withSummary(['GET'], '/orders', 'orders', 'All orders'), withSummary(['DELETE'], '/users/{id}', '')] },
    ],
  };
  const all = explorerRoutes(twoApplications);
  // [routes, collapsed groups, one label per application]: each as the list shows it.
  const table: [string, ReturnType<typeof explorerRoutes>, string[], boolean][] = [
    ['every route', all, [], false],
    ['a group collapsed', all, ['orders'], false],
    ['every group collapsed', all, ['orders', 'health', 'other'], false],
    ['labels per application, one collapsed', all, ['shop · health'], true],
    ['a search\'s routes', filterRoutes(all, 'orders'), [], true],
    ['no routes', [], [], false],
  ];

  it.each(table)('are those of the rows\' heights summed: %s', (_, items, collapsed, multipleApplications) => {
    const { rows, offsets } = explorerList(items, new Set(collapsed), multipleApplications);
    expect(rows).toEqual(explorerRows(items, new Set(collapsed), multipleApplications));
    expect([...offsets]).toEqual([...rowOffsets(rows.map((row) => row.height))]);
  });

  it('place a route with a summary on a taller row', () => {
    const { offsets } = explorerList(explorerRoutes(twoApplications), new Set(['shop · orders', 'admin · other']), true);
    // shop · orders (collapsed) 28; shop · health 28 + its route with a summary 42; admin · orders 28 + 42; admin · other 28.
    expect([...offsets]).toEqual([0, 28, 56, 98, 126, 168, 196]);
  });
});

describe('moving through routes with the arrow keys', () => {
  const route = (id: string) => ({ id, methods: ['GET' as const], uri: `/${id}`, group: id.startsWith('a') ? 'a' : 'b', parameters: [], schema: {}, extractionErrors: [] });
  const rows = explorerRows(explorerRoutes({ application: 'app', revision: '1', applications: [{ id: 'app', name: 'App', baseUrl: 'http://x', routes: [route('a1'), route('a2'), route('b1')] }] }), new Set());

  it('skips group headers and stays at the ends', () => {
    expect(rows.map((row) => row.kind)).toEqual(['group', 'route', 'route', 'group', 'route']);
    expect(moveActiveRoute(rows, null, 1)).toBe(1);
    expect(moveActiveRoute(rows, null, -1)).toBe(4);
    expect(moveActiveRoute(rows, rows[2]!.key, 1)).toBe(4);
    expect(moveActiveRoute(rows, rows[4]!.key, 1)).toBe(4);
    expect(moveActiveRoute(rows, rows[1]!.key, -1)).toBe(1);
    expect(moveActiveRoute([], null, 1)).toBe(-1);
  });
});

describe('applications and API versions', () => {
  const versioned: RoutesResponse = {
    application: 'shop',
    revision: '1',
    applications: [
      { id: 'shop', name: 'Shop', baseUrl: 'http://shop', routes: [route(['GET'], '/api/v1/orders', 'orders'), route(['GET'], '/api/v10/orders', 'orders'), route(['GET'], '/api/v2/orders', 'orders'), route(['GET'], '/health', 'health')] },
      { id: 'admin', name: 'Admin', baseUrl: 'http://admin', routes: [route(['GET'], '/V2/users', 'users'), route(['GET'], '/vendors', 'vendors')] },
    ],
  };
  const items = explorerRoutes(versioned);
  const uris = (list: ReturnType<typeof explorerRoutes>) => list.map((item) => `${item.application} ${item.route.uri}`);

  it('reads a version from a `vN` path segment only', () => {
    expect(apiVersionOf('/api/v2/orders')).toBe('v2');
    expect(apiVersionOf('/V3/users')).toBe('v3');
    expect(apiVersionOf('/vendors/{v1}')).toBeUndefined();
    expect(apiVersionOf('/api/version/2')).toBeUndefined();
    // The first whole segment, wherever it stands.
    expect(apiVersionOf('/api/v1x/v2/items')).toBe('v2');
    expect(apiVersionOf('/api/xv1/items')).toBeUndefined();
    expect(apiVersionOf('/api/v4')).toBe('v4');
    expect(apiVersionOf('v5/users')).toBe('v5');
    expect(apiVersionOf('/v1/a/v2')).toBe('v1');
  });

  it('offers the versions the paths name, in number order', () => {
    expect(apiVersions(items)).toEqual(['v1', 'v2', 'v10']);
  });

  it('lists one application, one version, or both', () => {
    expect(uris(scopeRoutes(items, { application: '', version: '' }))).toHaveLength(6);
    expect(uris(scopeRoutes(items, { application: 'admin', version: '' }))).toEqual(['admin /V2/users', 'admin /vendors']);
    expect(uris(scopeRoutes(items, { application: '', version: 'v2' }))).toEqual(['shop /api/v2/orders', 'admin /V2/users']);
    expect(uris(scopeRoutes(items, { application: 'shop', version: 'v2' }))).toEqual(['shop /api/v2/orders']);
  });
});

describe('the search rehearsed before the first key', () => {
  // Groups the rehearsal ("e") meets in another order than the list: "rehearsal-a" has no "e" in
  // its routes' texts, so the rehearsal numbers "rehearsal-b" first.
  const rehearsed = (): RoutesResponse => ({
    ...response,
    applications: [{ ...response.applications[0]!, routes: [route(['POST'], '/alpha', 'rehearsal-a'), route(['GET'], '/beta', 'rehearsal-b'), route(['PUT'], '/alpha/{id}', 'rehearsal-a')] }],
  });
  const shown = (rows: ReturnType<typeof explorerRows>) => rows.map((row) => (row.kind === 'group' ? `# ${row.label} (${row.count})` : row.item.route.id));

  it('changes no list nor search answer: groups stay in the order the routes give them', () => {
    const items = explorerRoutes(rehearsed());
    rehearseSearch(items);
    const untouched = explorerRoutes(rehearsed());
    expect(shown(explorerRows(items, new Set()))).toEqual(['# rehearsal-a (2)', 'POST /alpha', 'PUT /alpha/{id}', '# rehearsal-b (1)', 'GET /beta']);
    expect(shown(explorerRows(items, new Set()))).toEqual(shown(explorerRows(untouched, new Set())));
    for (const search of ['e', 'alpha', 'get', 'put alpha']) expect(filterRoutes(items, search).map((item) => item.key)).toEqual(filterRoutes(untouched, search).map((item) => item.key));
  });
});
