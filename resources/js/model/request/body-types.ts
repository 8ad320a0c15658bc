// Request body types and the numbers the `defaultRequestBodyType` preference stores for them.
// -1 is "automatic": JSON for methods with a body when the route has a body schema, none otherwise.

export type BodyType = 'none' | 'json' | 'form' | 'multipart' | 'raw';

/** In preference order: the index is the number stored in `defaultRequestBodyType`. */
export const BODY_TYPES: ReadonlyArray<{ id: BodyType; label: string }> = [
  { id: 'none', label: 'None' },
  { id: 'json', label: 'JSON' },
  { id: 'form', label: 'Form URL-encoded' },
  { id: 'multipart', label: 'Multipart form' },
  { id: 'raw', label: 'Raw text' },
];

export const AUTOMATIC_BODY_TYPE = -1;

const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function methodHasBody(method: string): boolean {
  return METHODS_WITH_BODY.has(method.toUpperCase());
}

/**
 * The body type a new request starts with. A multipart route (its body schema is for
 * `multipart/form-data`) gets multipart in automatic mode, since its files cannot travel as JSON.
 */
export function initialBodyType(
  preference: number,
  method: string,
  route?: { schema?: { body?: unknown }; bodyContentType?: string },
): BodyType {
  if (preference !== AUTOMATIC_BODY_TYPE) return BODY_TYPES[preference]?.id ?? 'none';
  if (!methodHasBody(method) || !route?.schema?.body) return 'none';
  const contentType = route.bodyContentType ?? 'application/json';
  if (contentType.includes('multipart/form-data')) return 'multipart';
  if (contentType.includes('application/x-www-form-urlencoded')) return 'form';
  return 'json';
}
