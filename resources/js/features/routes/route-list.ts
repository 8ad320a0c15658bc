// The route explorer's list as flat rows (group headers and routes) for a virtualised view, and the
// search that filters it by path, name and method.
import type { ListedRoute, RouteIndex, RoutesResponse } from '../../../../protocol/types';
import { HTTP_METHODS } from '../../model/request/request-state';

export interface ExplorerRoute {
  key: string;
  application: string;
  /** As the response (or the page's route index) lists it: opening it reads it through findRoute. */
  route: ListedRoute;
  /**
   * Lower-cased `METHODS uri name summary tags`, computed once so each keystroke only scans strings:
   * after the first rows are drawn, in idle slices (indexRoutes), or by the first search that needs it
   * (haystackOf). Graph's 11,422 took 90-160 ms, as long as parsing its routes, before the first row.
   */
  haystack?: string;
  /** Where the route stands among all routes: its row's DOM id, which stays while a search moves the row. */
  position: number;
  /** Its row in the list, made the first time the list shows it and kept (routeRow). */
  row?: ExplorerRow;
  /** Its group's number (groupNumber), and its application's group's: looked up once, not per keystroke. */
  group?: number;
  applicationGroup?: number;
}

// `height`: the row's height (ROW_HEIGHTS), worked out once per row; the list's offsets sum them
// for every row per keystroke (9,483 for Graph's `u`).
export type ExplorerRow =
  | { kind: 'group'; key: string; height: number; label: string; count: number; collapsed: boolean }
  | { kind: 'route'; key: string; height: number; item: ExplorerRoute };

/**
 * The routes of the response as list items. A route listed the same way in `previous` (the list
 * before: the page's route index before the whole routes, or the routes before a refresh) keeps the
 * search text computed for it, so the whole routes arriving do not make the next keystroke index
 * 11,000 routes again.
 */
export function explorerRoutes(response: RoutesResponse | RouteIndex | null | undefined, previous: readonly ExplorerRoute[] = []): ExplorerRoute[] {
  if (!response) return [];
  const items: ExplorerRoute[] = [];
  for (const application of response.applications ?? []) {
    for (const route of application.routes ?? []) {
      const key = `${application.id}\u0000${route.id}`;
      const before = previous[items.length];
      const haystack = before?.key === key && listedAlike(before.route, route) ? before.haystack : undefined;
      // Every field set here, in one order: all items share one shape, so the loops over 11,000 of
      // them per keystroke read each field in one place (routes with and without a text had two).
      items.push({ key, application: application.id, route, haystack, position: items.length, row: undefined, group: undefined, applicationGroup: undefined });
    }
  }
  return items;
}

/** Whether two listings of a route give the same search text (routeHaystack's fields). */
function listedAlike(a: ListedRoute, b: ListedRoute): boolean {
  return a.uri === b.uri && a.name === b.name && a.summary === b.summary && a.group === b.group && a.methods.join() === b.methods.join() && (a.tags ?? []).join('\u0000') === (b.tags ?? []).join('\u0000');
}

/**
 * What the search looks in: methods, path, operation id (also split into words, so `list repos`
 * finds `repos/list-for-org` and `listReposForOrg`), summary and tags.
 */
export function routeHaystack(route: ListedRoute): string {
  const name = route.name ?? '';
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[^A-Za-z0-9]+/g, ' ');
  return `${route.methods.join(' ')} ${route.uri} ${name} ${words} ${route.summary ?? ''} ${(route.tags ?? [route.group]).join(' ')}`.toLowerCase();
}

/** The route's search text, computed the first time it is needed. */
export function haystackOf(item: ExplorerRoute): string {
  return (item.haystack ??= routeHaystack(item.route));
}

/**
 * Computes the search text of the routes from `from` on while `hasTime()` says there is time left
 * (asked every few routes); returns where it stopped (`items.length` when all are done).
 */
export function indexRoutes(items: ExplorerRoute[], from: number, hasTime: () => boolean): number {
  let at = from;
  while (at < items.length) {
    if ((at - from) % 64 === 0 && !hasTime()) break;
    haystackOf(items[at]);
    at += 1;
  }
  return at;
}

/**
 * How many times the explorer rehearses a search in idle periods before the first key
 * (rehearseSearch).
 */
export const SEARCH_REHEARSALS = 3;

/**
 * A search and its list over `items`, whose answer is dropped: run before the first key, so that the
 * first key's search and list run in code the engine has compiled for them, not in its interpreter.
 * Each page starts cold, and the first key over Graph is the one that searches all 11,422 routes:
 * rehearsed, its page CPU went from 13.8-16.3 to 12.4-12.8 ms (bench/results/keys3-31.md). It
 * changes no answer: the rows and group numbers it makes are the ones any list makes for a route.
 */
export function rehearseSearch(items: ExplorerRoute[]): void {
  explorerList(filterRoutes(items, 'e'), new Set());
}

/** Search terms that stand for a method: the method names, lower-cased. */
const METHOD_TERMS: ReadonlySet<string> = new Set(HTTP_METHODS.map((method) => method.toLowerCase()));

/** A search's terms: whitespace-separated, lower-cased. */
function searchTerms(search: string): string[] {
  return search.toLowerCase().split(/\s+/).filter(Boolean);
}

/** Whether the route has the method a method term (lower-cased) names. */
function hasMethod(route: ListedRoute, method: string): boolean {
  return route.methods.some((listed) => listed.toLowerCase() === method);
}

/**
 * Every whitespace-separated term must match. A term that is exactly a method name (`get`, `post`)
 * matches routes with that method; others match anywhere in the path, name or summary.
 */
export function filterRoutes(items: ExplorerRoute[], search: string): ExplorerRoute[] {
  const terms = searchTerms(search);
  if (terms.length === 0) return items;
  // One pass with the terms sorted by kind beforehand: each keystroke over Graph's 11,422 routes.
  // Indexed loops: the first key runs this before the engine has optimised it, where each for…of
  // is an iterator's calls per route.
  const methods = terms.filter((term) => METHOD_TERMS.has(term));
  const texts = terms.filter((term) => !METHOD_TERMS.has(term));
  const found: ExplorerRoute[] = [];
  routes: for (let i = 0; i < items.length; i += 1) {
    const item = items[i]!;
    for (let m = 0; m < methods.length; m += 1) if (!hasMethod(item.route, methods[m]!)) continue routes;
    if (texts.length > 0) {
      const haystack = haystackOf(item);
      for (let t = 0; t < texts.length; t += 1) if (!haystack.includes(texts[t]!)) continue routes;
    }
    found.push(item);
  }
  return found;
}

/**
 * Whether every route `next` finds is among those `previous` found, so `next` may search only
 * those: each earlier term is kept or extended by a later one (`user` → `users`, `users get`). A
 * method term (`get`, matching the method) is only kept, never extended: `gets` is text, found in
 * routes of any method. A text term extended into a method term (`ge` → `get`) narrows, since a
 * route's methods are in its search text.
 */
export function searchNarrows(previous: string, next: string): boolean {
  const after = searchTerms(next);
  return searchTerms(previous).every((before) => after.some((term) => (METHOD_TERMS.has(before) ? term === before : term.includes(before))));
}

/**
 * Routes a search may look through within a keystroke's frame, with the list drawn in the same
 * frame: Graph's 11,422, so its first key too. Since a key's list takes the elements of the rows
 * before (assignRowSlots) and lists its groups without a map, a key over all of Graph's routes costs
 * the page 14-17.5 ms of CPU drawn at once, against 17-21 ms in two renders (the character's, then
 * the deferred list's), and is painted in 28-50 ms against 32-87 ms (bench/results/keys2-31.md,
 * load 9-14).
 */
export const ROUTES_SEARCHED_AT_ONCE = 12_000;

/** filterRoutes that remembers its last answer (see createRouteSearch). */
export interface RouteSearch {
  (items: ExplorerRoute[], search: string): ExplorerRoute[];
  /**
   * Whether `search` over `items` looks through at most ROUTES_SEARCHED_AT_ONCE routes: it extends
   * the last search over the same routes, which found no more than that.
   */
  isQuick(items: ExplorerRoute[], search: string): boolean;
}

/**
 * filterRoutes that remembers its last answer: a search extending the last one over the same routes
 * (a typed character) looks only in the routes the last one found. Graph's `u` finds 9,035 of
 * 11,422 routes, `us` then searches those, `use` 2,828.
 */
export function createRouteSearch(): RouteSearch {
  let last: { items: ExplorerRoute[]; search: string; found: ExplorerRoute[] } | null = null;
  const narrowed = (items: ExplorerRoute[], search: string) => (last && last.items === items && searchNarrows(last.search, search) ? last.found : null);
  const searchRoutes = (items: ExplorerRoute[], search: string) => {
    const found = filterRoutes(narrowed(items, search) ?? items, search);
    last = { items, search, found };
    return found;
  };
  return Object.assign(searchRoutes, { isQuick: (items: ExplorerRoute[], search: string) => (narrowed(items, search)?.length ?? Infinity) <= ROUTES_SEARCHED_AT_ONCE });
}

/** A whole path segment `v` + digits; the first one in the path is the version. */
const VERSION_SEGMENT = /(?:^|\/)(v\d+)(?=\/|$)/i;

/**
 * The API version a path names by a `v1`, `v2` segment (`/api/v2/users` → `v2`), if any. One
 * regular expression over the path, not a split into segments: it runs for every route before the
 * first row (Graph's 11,422: 40-260 ms at load 13-16 with the split, on the page's thread).
 */
export function apiVersionOf(uri: string): string | undefined {
  return VERSION_SEGMENT.exec(uri)?.[1]?.toLowerCase();
}

/** The API versions the routes' paths name, in number order (`v1`, `v2`, `v10`). */
export function apiVersions(items: ExplorerRoute[]): string[] {
  const versions = new Set<string>();
  for (const item of items) {
    const version = apiVersionOf(item.route.uri);
    if (version) versions.add(version);
  }
  return [...versions].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}

/** Which routes the explorer lists: one application's (or all, `''`), one API version's (or all, `''`). */
export interface RouteScope {
  application: string;
  version: string;
}

/** The routes in scope; with a version chosen, routes whose path names no version are left out too. */
export function scopeRoutes(items: ExplorerRoute[], scope: RouteScope): ExplorerRoute[] {
  if (!scope.application && !scope.version) return items;
  return items.filter((item) => (!scope.application || item.application === scope.application) && (!scope.version || apiVersionOf(item.route.uri) === scope.version));
}

/**
 * A long path shortened in the middle, keeping its start and its distinctive end:
 * `/repos/{owner}/{repo}/issues/{issue_number}/comments` → `/repos/…/issues/{issue_number}/comments`.
 * Whole segments are kept; the first segment and the last one always stay.
 */
export function shortenPath(path: string, maxLength = 40): string {
  if (path.length <= maxLength) return path;
  const leading = path.startsWith('/') ? '/' : '';
  const segments = path.slice(leading.length).split('/');
  if (segments.length <= 2) return path;
  const head = segments[0];
  const tail: string[] = [segments[segments.length - 1]];
  const length = () => `${leading}${head}/…/${tail.join('/')}`.length;
  for (let i = segments.length - 2; i > 0; i -= 1) {
    tail.unshift(segments[i]);
    if (length() > maxLength) {
      tail.shift();
      break;
    }
  }
  if (tail.length === segments.length - 1) return path;
  return `${leading}${head}/…/${tail.join('/')}`;
}

/** The heights of the list's rows (px), by kind: the virtualised list places rows by them. */
export const ROW_HEIGHTS = {
  group: 28,
  route: 30,
  /** A route with a summary: the summary is a second line under the path. */
  routeWithSummary: 42,
} as const;

/**
 * A route's row, made once per route and kept on it: a keystroke builds its list of rows from them,
 * and a row that stays in view is not drawn again. On the route, not in a WeakMap: the first key
 * over Graph looked 9,035 of them up there (~15 ms of a busy machine's keystroke).
 */
function routeRow(item: ExplorerRoute): ExplorerRow {
  return (item.row ??= { kind: 'route', key: item.key, height: item.route.summary ? ROW_HEIGHTS.routeWithSummary : ROW_HEIGHTS.route, item });
}

/** The list's rows and where each starts (row-window.ts's offsets: `offsets[rows.length]` is the whole height). */
export interface ExplorerList {
  rows: ExplorerRow[];
  offsets: Float64Array;
}

/** Group labels by number, and numbers by label: a route's group is looked up once (groupNumber). */
const groupLabels: string[] = [];
const groupNumbers = new Map<string, number>();

/** The number of a group label, the same for the page's life. */
function groupNumber(label: string): number {
  let number = groupNumbers.get(label);
  if (number === undefined) groupNumbers.set(label, (number = groupLabels.push(label) - 1));
  return number;
}

/** The number of the group a route is listed under: its group, or with several applications its application's group. */
function groupOf(item: ExplorerRoute, multipleApplications: boolean): number {
  const group = item.route.group || 'other';
  return multipleApplications ? (item.applicationGroup ??= groupNumber(`${item.application} · ${group}`)) : (item.group ??= groupNumber(group));
}

/**
 * Group headers followed by their routes, groups in first-seen order; collapsed groups hide routes.
 * Indexed loops over the groups' numbers, no map of labels to lists: a keystroke over Graph lists
 * 9,483 rows, and its first keys run this before the engine has optimised it (Graph's `u`, 9,035
 * routes: 1.0-1.3 ms against 3.1-3.4 ms with the map, in Node once warm). The offsets are summed
 * from the rows' heights.
 */
export function explorerList(items: ExplorerRoute[], collapsed: ReadonlySet<string>, multipleApplications = false): ExplorerList {
  // How many routes each group has, and the groups in the order they are first seen.
  const numbers = new Int32Array(items.length);
  const counts = new Int32Array(groupLabels.length + items.length);
  const order: number[] = [];
  for (let i = 0; i < items.length; i += 1) {
    const number = groupOf(items[i]!, multipleApplications);
    numbers[i] = number;
    if (counts[number]++ === 0) order.push(number);
  }
  // Where each group's routes start in the rows; a collapsed group has its header only.
  const next = new Int32Array(counts.length);
  const rows: ExplorerRow[] = [];
  for (let g = 0; g < order.length; g += 1) {
    const number = order[g]!;
    const label = groupLabels[number]!;
    const isCollapsed = collapsed.has(label);
    rows.push({ kind: 'group', key: `group:${label}`, height: ROW_HEIGHTS.group, label, count: counts[number]!, collapsed: isCollapsed });
    next[number] = isCollapsed ? -1 : rows.length;
    if (!isCollapsed) rows.length += counts[number]!;
  }
  for (let i = 0; i < items.length; i += 1) {
    const number = numbers[i]!;
    if (next[number] !== -1) rows[next[number]++] = routeRow(items[i]!);
  }
  const offsets = new Float64Array(rows.length + 1);
  for (let r = 0; r < rows.length; r += 1) offsets[r + 1] = offsets[r]! + rows[r]!.height;
  return { rows, offsets };
}

/** The list's rows alone (explorerList). */
export function explorerRows(items: ExplorerRoute[], collapsed: ReadonlySet<string>, multipleApplications = false): ExplorerRow[] {
  return explorerList(items, collapsed, multipleApplications).rows;
}

/**
 * The route row the arrow keys move to from the search box: the next (or previous) route row,
 * skipping group headers, staying at the ends. With none active yet, Down takes the first route
 * and Up the last. Answers the row's index, or -1 when there is no route row.
 */
export function moveActiveRoute(rows: ExplorerRow[], activeKey: string | null, delta: 1 | -1): number {
  const current = activeKey === null ? -1 : rows.findIndex((row) => row.key === activeKey);
  const routeIndexes = rows.flatMap((row, index) => (row.kind === 'route' ? [index] : []));
  if (routeIndexes.length === 0) return -1;
  if (current === -1) return delta === 1 ? routeIndexes[0]! : routeIndexes[routeIndexes.length - 1]!;
  const next = delta === 1 ? routeIndexes.find((index) => index > current) : [...routeIndexes].reverse().find((index) => index < current);
  return next ?? current;
}

/** Auto-refresh on focus at most once per interval. */
export const FOCUS_REFRESH_INTERVAL_MS = 10_000;

export function shouldRefreshOnFocus(lastFetchedAt: number, now: number, enabled: boolean): boolean {
  return enabled && now - lastFetchedAt >= FOCUS_REFRESH_INTERVAL_MS;
}

export interface ReportedRevision {
  /** `meta.routesRevision` of the relay answer that just arrived (hosts may leave it out). */
  reported: string | undefined;
  /** The revision of the routes on screen; undefined before the first list arrived. */
  shown: string | undefined;
  /** The reported revision a refetch was already started for, so one report refetches once. */
  alreadyFetchedFor: string | null;
  enabled: boolean;
}

/**
 * After a relay answer: fetch the routes again when the host says its routes changed. Each reported
 * revision refetches at most once, so a host whose two answers disagree cannot cause a loop.
 */
export function shouldRefreshForRevision({ reported, shown, alreadyFetchedFor, enabled }: ReportedRevision): boolean {
  return enabled && reported !== undefined && reported !== '' && reported !== shown && reported !== alreadyFetchedFor;
}
