// One click of Auto-fill: the body from the route's body schema (in the body type being edited),
// the query rows from its query schema for methods without a body, and empty path parameters.
import type { JsonSchema, RouteInfo } from '../../../../protocol/types';
import { methodHasBody } from '../../model/request/body-types';
import { type KeyValueRow, type MultipartRow, type RequestState, emptyRow, newRowId, pathParamNames } from '../../model/request/request-state';
import { type AutofillKit, type AutofillOptions, type BranchChoice, type FieldsMode, autofillParameters, autofillWithChoices } from './autofill';
import { formFieldsFor } from './form-fields';
import { matchesSchema } from '../../model/json-schema/json-schema-validate';
import { describeUnsatisfiable, unsatisfiable } from './schema-satisfiable';
import { objectSchema } from '../../model/json-schema/refs';
import { querySchema } from '../routes/routes';
import { pathText, queryPairs, queryParameterName, routeSerialization } from '../../model/request/parameter-style';

export { querySchema } from '../routes/routes';

function dataUriPart(name: string, value: string): MultipartRow | undefined {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(value);
  if (!match || !match[2]) return undefined;
  const contentType = match[1] ?? 'application/octet-stream';
  const extension = contentType.split('/')[1]?.split('+')[0].replace(/[^a-z0-9]/gi, '') || 'bin';
  const base64 = match[3];
  return {
    id: newRowId(),
    enabled: true,
    name,
    value: '',
    kind: 'file',
    file: { filename: `${name}.${extension}`, contentType, size: Math.floor((base64.length * 3) / 4), base64 },
  };
}

export interface AutofillOutcome {
  patch: Partial<RequestState>;
  /** What was filled, for the confirmation toast: "body", "query", "path". */
  filled: string[];
  /** The body's oneOf/anyOf choices, for the builder's branch switchers (see `branchLabel`). */
  choices: BranchChoice[];
  /** Where the body's schema accepts no value at all, why and where (`allOf of string and integer at $.x`). */
  noValue?: string;
}

export interface AutofillRequestOptions {
  /** Optional body fields: a few (default), none, or all. */
  fields?: FieldsMode;
  /** Optional query parameters; by default none on a list endpoint, else like `fields`. */
  queryFields?: FieldsMode;
  /** The body's oneOf/anyOf branches by value path, as `BranchChoice.path` names them. */
  branches?: AutofillOptions['branches'];
}

/** A GET whose path does not end in a parameter (`GET /users`, not `GET /users/{id}`): it lists. */
export function isListEndpoint(method: string, uri: string): boolean {
  return method.toUpperCase() === 'GET' && !/\{[^}]+\}\/?$/.test(uri);
}

export function autofillRequest(state: RequestState, route: RouteInfo | undefined, kit: AutofillKit, seed: number, options: AutofillRequestOptions = {}): AutofillOutcome {
  const patch: Partial<RequestState> = { autofillSeed: seed };
  const filled: string[] = [];
  let choices: BranchChoice[] = [];
  let noValue: string | undefined;
  const bodySchema = route?.schema.body;
  if (bodySchema && methodHasBody(state.method)) {
    const filledBody = autofillWithChoices(bodySchema, kit, seed, { fields: options.fields, branches: options.branches });
    const value = filledBody.value;
    choices = filledBody.choices;
    // A value auto-fill could not make valid: say so when no value could be (the document's quirk, not Kite's).
    const proof = matchesSchema(value, bodySchema) ? undefined : unsatisfiable(bodySchema);
    if (proof) noValue = describeUnsatisfiable(proof);
    const entries = value && typeof value === 'object' && !Array.isArray(value) ? Object.entries(value) : [];
    switch (state.bodyType) {
      case 'form':
        patch.formFields = entries.flatMap(([name, item]) => formFieldsFor(name, item)).map(([name, item]) => emptyRow(name, item));
        break;
      case 'multipart':
        patch.multipartFields = entries.flatMap(([name, item]) => {
          const file = typeof item === 'string' ? dataUriPart(name, item) : undefined;
          return file ? [file] : formFieldsFor(name, item).map(([field, text]) => ({ ...emptyRow(field, text), kind: 'text' as const }));
        });
        break;
      case 'raw':
        patch.rawBody = JSON.stringify(value, null, 2);
        break;
      default:
        patch.bodyType = 'json';
        patch.jsonBody = JSON.stringify(value, null, 2);
        break;
    }
    filled.push('body');
  }
  const query = route ? querySchema(route) : undefined;
  if (query && !methodHasBody(state.method)) {
    const queryFields = options.queryFields ?? (route && isListEndpoint(state.method, route.uri) ? 'required' : options.fields);
    patch.query = withQueryValues(state.query, autofillParameters(query, kit, seed + 1, { fields: queryFields }), route);
    filled.push('query');
  }
  const emptyParams = pathParamNames(state.url).filter((name) => !state.pathParams[name]);
  if (emptyParams.length > 0) {
    const schemas: Record<string, JsonSchema> = {};
    for (const name of emptyParams) {
      schemas[name] = route?.parameters.find((parameter) => parameter.in === 'path' && parameter.name === name)?.schema ?? { type: 'string' };
    }
    const values = autofillParameters(objectSchema(schemas, Object.keys(schemas)), kit, seed + 2);
    const texts = Object.entries(values).map(([name, value]) => [name, pathText(name, value, routeSerialization(route, 'path', name))]);
    patch.pathParams = { ...state.pathParams, ...Object.fromEntries(texts) };
    filled.push('path');
  }
  return { patch, filled, choices, ...(noValue ? { noValue } : {}) };
}

/**
 * The query rows with each parameter's value written as its style asks: an exploded array as
 * repeated rows in the place of the parameter's rows (`status`, `tags[]`), ticked; other rows stay.
 */
function withQueryValues(rows: KeyValueRow[], values: Record<string, unknown>, route: RouteInfo | undefined): KeyValueRow[] {
  let result = rows;
  for (const [name, value] of Object.entries(values)) {
    const pairs = queryPairs(name, value, routeSerialization(route, 'query', name));
    const own = (row: KeyValueRow) => queryParameterName(row.name) === name || pairs.some((pair) => pair.name === row.name);
    const at = result.findIndex(own);
    const first = at === -1 ? undefined : result[at];
    const written = pairs.map((pair, index) => ({ ...(index === 0 && first ? first : emptyRow(pair.name, pair.value)), name: pair.name, value: pair.value, enabled: true }));
    const kept = result.filter((row) => !own(row));
    const insertAt = at === -1 ? kept.length : result.slice(0, at).filter((row) => !own(row)).length;
    result = [...kept.slice(0, insertAt), ...written, ...kept.slice(insertAt)];
  }
  return result;
}
