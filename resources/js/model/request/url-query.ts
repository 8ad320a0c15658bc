// The URL field and the Params table are one state: the field shows the path and the query of the
// ticked rows (what is sent), and typing a query into the field updates those rows.
import { type KeyValueRow, emptyRow } from './request-state';
import { buildQueryString, relativeToBase, splitUrl } from './url';

/** What the URL field shows: the path template, then the query of the ticked rows as it is sent. */
export function urlFieldText(path: string, query: KeyValueRow[]): string {
  const search = buildQueryString(query);
  return search ? `${path}?${search}` : path;
}

/**
 * The rows after the URL field's query became `pairs`. Each pair goes to a row of its name (ticked
 * and given the value), else renames a ticked row of the user's that the URL no longer names,
 * else becomes a new row. Ticked rows the URL no longer names are unticked when they are the
 * route's (`routeNames`), removed otherwise; rows without a name are left alone.
 */
export function syncQueryRows(
  rows: KeyValueRow[],
  pairs: Array<{ name: string; value: string }>,
  routeNames: ReadonlySet<string> = new Set(),
): KeyValueRow[] {
  const result = rows.map((row) => ({ ...row }));
  const used = new Set<KeyValueRow>();
  const unplaced: Array<{ name: string; value: string }> = [];
  for (const pair of pairs) {
    const sameName = (row: KeyValueRow) => !used.has(row) && row.name === pair.name;
    const row = result.find((candidate) => sameName(candidate) && candidate.enabled) ?? result.find(sameName);
    if (row) place(row, pair);
    else unplaced.push(pair);
  }
  const renamable = result.filter((row) => row.enabled && row.name !== '' && !used.has(row) && !routeNames.has(row.name));
  const appended: KeyValueRow[] = [];
  for (const pair of unplaced) {
    const row = renamable.shift();
    if (row) place(row, pair);
    else appended.push(emptyRow(pair.name, pair.value));
  }
  return [
    ...result.flatMap((row) => {
      if (used.has(row) || !row.enabled || row.name === '') return [row];
      return routeNames.has(row.name) ? [{ ...row, enabled: false }] : [];
    }),
    ...appended,
  ];

  function place(row: KeyValueRow, pair: { name: string; value: string }) {
    row.name = pair.name;
    row.value = pair.value;
    row.enabled = true;
    used.add(row);
  }
}

/** The path and rows after the user typed `text` into the URL field (an absolute URL under the base becomes relative). */
export function applyUrlText(
  text: string,
  rows: KeyValueRow[],
  baseUrl: string,
  routeNames?: ReadonlySet<string>,
): { url: string; query: KeyValueRow[] } {
  const { path, query } = splitUrl(relativeToBase(text.trim(), baseUrl));
  return { url: path, query: syncQueryRows(rows, query, routeNames) };
}
