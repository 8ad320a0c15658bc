// GET {apiUrl}/data (protocol: API_ENDPOINTS.data): a few rows of the app's own data for a picker.
import { HTTPError, type KyInstance } from 'ky';
import { API_ENDPOINTS } from '../../../../protocol/endpoints.js';
import type { DataResponse } from '../../../../protocol/types';
import { hostClient } from '../../lib/http/client';

async function askData(searchParams: Record<string, string>, signal: AbortSignal | undefined, client: KyInstance): Promise<DataResponse | null> {
  try {
    return await client.get(API_ENDPOINTS.data, { searchParams, signal }).json<DataResponse>();
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

/** The rows for `source` matching `q`; null when the host has no data pickers (404), so the app hides them. */
export function searchData(source: string, q: string, signal?: AbortSignal, client: KyInstance = hostClient): Promise<DataResponse | null> {
  return askData({ source, q }, signal, client);
}

/**
 * Those of the candidates (at most DATA_MAX_CANDIDATES) that `table.column` does not hold yet, for a
 * `unique:` rule, in the order given; null when the host has no data pickers.
 */
export async function freeValues(table: string, column: string, candidates: Array<string | number>, signal?: AbortSignal, client: KyInstance = hostClient): Promise<Array<string | number> | null> {
  const answer = await askData({ source: `unique:${table},${column}`, candidates: JSON.stringify(candidates) }, signal, client);
  return answer ? answer.rows.map((row) => row.value) : null;
}
