// GET {apiUrl}/data (protocol: API_ENDPOINTS.data): a few rows of the app's own data for a picker.
import { HTTPError, type KyInstance } from 'ky';
import { API_ENDPOINTS } from '../../../../../protocol/endpoints.js';
import type { DataResponse } from '../../../../../protocol/types';
import { hostClient } from '../../../lib/http/client';

/** The rows for `source` matching `q`; null when the host has no data pickers (404), so the app hides them. */
export async function searchData(source: string, q: string, signal?: AbortSignal, client: KyInstance = hostClient): Promise<DataResponse | null> {
  try {
    return await client.get(API_ENDPOINTS.data, { searchParams: { source, q }, signal }).json<DataResponse>();
  } catch (error) {
    if (error instanceof HTTPError && error.response.status === 404) return null;
    throw error;
  }
}
