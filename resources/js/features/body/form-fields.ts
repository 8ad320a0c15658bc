// Nested values as form fields, in the bracket convention PHP, Rails and Express's `qs` parse back
// into arrays and objects: `tags[]=a&tags[]=b`, `address[city]=Paris`, `items[0][name]=x`.

/** The name/value pairs a form or multipart body sends for one field. */
export function formFieldsFor(name: string, value: unknown): Array<[string, string]> {
  if (Array.isArray(value)) {
    const scalars = value.every((item) => item === null || typeof item !== 'object');
    return value.flatMap((item, index) => formFieldsFor(scalars ? `${name}[]` : `${name}[${index}]`, item));
  }
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => formFieldsFor(`${name}[${key}]`, item));
  }
  return [[name, formScalar(value)]];
}

/** Booleans as 1/0: form bodies carry text, and `true` as text fails boolean validation (Laravel). */
function formScalar(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  return String(value);
}
