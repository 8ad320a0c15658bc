// A run's data file: CSV (a header row, then one row per line; RFC 4180 quoting, so a quoted
// value may hold commas, quotes doubled and line breaks) or JSON (an array of objects), read into
// rows of column → text. The run sends its folder once per row, the row's values as variables.
// No CSV parser is installed in the project, hence this small one. Pure; runs in Node too.
import { RUN_MAX_ROWS } from '../../../../protocol/endpoints.js';

export type DataRow = Record<string, string>;

/** A data file that does not read, with the file's name and, where it helps, the line. */
export class DataFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DataFileError';
  }
}

/** The rows of a data file; JSON when its name ends in .json or its text starts with `[`, CSV otherwise. */
export function parseDataFile(name: string, text: string): DataRow[] {
  const body = text.replace(/^\uFEFF/, '');
  const rows = /\.json$/i.test(name) || body.trimStart().startsWith('[') ? jsonRows(name, body) : csvRows(name, body);
  if (rows.length === 0) throw new DataFileError(`${name}: no data rows`);
  if (rows.length > RUN_MAX_ROWS) throw new DataFileError(`${name}: ${rows.length} rows; a run takes at most ${RUN_MAX_ROWS}`);
  return rows;
}

function jsonRows(name: string, text: string): DataRow[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new DataFileError(`${name}: not valid JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!Array.isArray(parsed)) throw new DataFileError(`${name}: a JSON data file is an array of objects, one per row`);
  return parsed.map((item, index) => {
    if (typeof item !== 'object' || item === null || Array.isArray(item)) throw new DataFileError(`${name}: row ${index + 1} is not an object of column: value`);
    // A number or boolean is used as its text; a nested value as its JSON.
    return Object.fromEntries(Object.entries(item).map(([key, value]) => [key, typeof value === 'string' ? value : value === null ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value)]));
  });
}

/** The records of a CSV text, each with the line it starts on; a blank line is no record. */
function csvRecords(name: string, text: string): Array<{ line: number; values: string[] }> {
  const records: Array<{ line: number; values: string[] }> = [];
  let values: string[] = [];
  let value = '';
  let quoted = false;
  let line = 1;
  let start = 1;
  let touched = false;
  const endValue = () => {
    values.push(value);
    value = '';
  };
  const endRecord = () => {
    endValue();
    if (touched || values.length > 1 || values[0] !== '') records.push({ line: start, values });
    values = [];
    touched = false;
  };
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        value += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line += 1;
        value += char;
      }
      continue;
    }
    if (char === '"' && value === '') {
      quoted = true;
      touched = true;
    } else if (char === ',') {
      endValue();
      touched = true;
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1;
      endRecord();
      line += 1;
      start = line;
    } else value += char;
  }
  if (quoted) throw new DataFileError(`${name} line ${start}: a quoted value is not closed`);
  if (value !== '' || values.length > 0 || touched) endRecord();
  return records;
}

function csvRows(name: string, text: string): DataRow[] {
  const [header, ...records] = csvRecords(name, text);
  if (!header) throw new DataFileError(`${name}: empty; a CSV data file starts with a header row naming the columns`);
  const columns = header.values.map((column) => column.trim());
  const blank = columns.findIndex((column) => column === '');
  if (blank !== -1) throw new DataFileError(`${name} line ${header.line}: column ${blank + 1} of the header has no name`);
  return records.map(({ line, values }) => {
    if (values.length !== columns.length) throw new DataFileError(`${name} line ${line}: ${values.length} values, but the header names ${columns.length} columns`);
    return Object.fromEntries(columns.map((column, index) => [column, values[index]]));
  });
}
