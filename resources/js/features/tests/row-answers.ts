// The `row` assertions' answers: after an answer arrives, each line's question "does table.column
// hold this value?" goes to the host's data endpoint, the data pickers' read-only, rule-bounded
// access (`unique:TABLE,COLUMN` with the value as its one candidate: no row is free, so it exists).
// Only the tables and columns the app's own rules name can be read; anything else is refused by
// the host with a message the line shows.
import { HTTPError } from 'ky';
import { API_ENDPOINTS } from '../../../../protocol/endpoints.js';
import type { DataResponse } from '../../../../protocol/types';
import type { RowAnswer } from '../../model/assertions/trace-checks';
import { hostClient } from '../../lib/http/client';
import { readHostError } from '../../lib/http/host-error';

export async function askRow(table: string, column: string, value: string, signal?: AbortSignal): Promise<RowAnswer> {
  try {
    const answer = await hostClient.get(API_ENDPOINTS.data, { searchParams: { source: `unique:${table},${column}`, candidates: JSON.stringify([value]) }, signal }).json<DataResponse>();
    return { exists: answer.rows.length === 0 };
  } catch (error) {
    if (!(error instanceof HTTPError)) throw error;
    if (error.response.status === 404) return { error: 'This host does not read the database (the data pickers are off: kite.data_pickers)' };
    const body = await readHostError(error.response);
    return { error: body?.error.message ?? `The host answered ${error.response.status}` };
  }
}
