// Editing one row of a key-value table (query parameters, headers, form fields).
import type { KeyValueRow } from '../model/request/request-state';

/**
 * The rows with one row changed. Typing (or generating) a value ticks the row, so a value the
 * user gave is sent; unticking stays the user's own choice.
 */
export function editRow<T extends KeyValueRow>(rows: T[], id: string, patch: Partial<T>): T[] {
  return rows.map((row) => {
    if (row.id !== id) return row;
    const valueGiven = patch.value !== undefined && patch.value !== '' && patch.value !== row.value;
    return { ...row, ...patch, ...(valueGiven && patch.enabled === undefined ? { enabled: true } : {}) };
  });
}
