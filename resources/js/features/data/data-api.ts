// GET {apiUrl}/data (protocol: API_ENDPOINTS.data): a few rows of the app's own data for a picker.
import { HTTPError, type KyInstance } from 'ky';
import { API_ENDPOINTS } from '../../../../protocol/endpoints.js';
import type { DataResponse } from '../../../../protocol/types';
import { kiteConfig } from '../../lib/config';
import { hostClient } from '../../lib/http/client';

/** Whether the page config says the host has data pickers (undefined: not said, so ask). */
type PickersOffered = boolean | undefined;

async function askData(searchParams: Record<string, string>, signal: AbortSignal | undefined, client: KyInstance, offered: PickersOffered): Promise<DataResponse | null> {
  // A host that says it has none is not asked: its 404 would show the error toast for nothing.
  if (offered === false) return null;
  try {
    return await client.get(API_ENDPOINTS.data, { searchParams, signal }).json<DataResponse>();
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}

/** The rows for `source` matching `q`; null when the host has no data pickers (404), so the app hides them. */
export function searchData(source: string, q: string, signal?: AbortSignal, client: KyInstance = hostClient, offered: PickersOffered = kiteConfig.dataPickers): Promise<DataResponse | null> {
  return askData({ source, q }, signal, client, offered);
}

/**
 * Those of the candidates (at most DATA_MAX_CANDIDATES) that `table.column` does not hold yet, for a
 * `unique:` rule, in the order given; null when the host has no data pickers.
 */
export async function freeValues(table: string, column: string, candidates: Array<string | number>, signal?: AbortSignal, client: KyInstance = hostClient, offered: PickersOffered = kiteConfig.dataPickers): Promise<Array<string | number> | null> {
  const answer = await askData({ source: `unique:${table},${column}`, candidates: JSON.stringify(candidates) }, signal, client, offered);
  return answer ? answer.rows.map((row) => row.value) : null;
}
