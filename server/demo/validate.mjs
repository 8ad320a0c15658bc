// @ts-check
// Laravel-style validation for the demo API, so Kite's error display meets the shape it will see
// from a real Laravel app: `422 { message, errors: { field: [messages] } }`.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * @typedef {object} FieldRule
 * @property {boolean} [required]
 * @property {'string' | 'integer' | 'boolean' | 'email' | 'array-of-strings'} type
 * @property {number} [min] minimum value (integers) or length (strings)
 * @property {number} [max]
 * @property {boolean} [nullable]
 */

/**
 * @param {Record<string, unknown>} input
 * @param {Record<string, FieldRule>} rules
 * @returns {Record<string, string[]>} messages per field; empty when valid
 */
export function validate(input, rules) {
  /** @type {Record<string, string[]>} */
  const errors = {};
  for (const [field, rule] of Object.entries(rules)) {
    const label = field.replace(/_id$/, '').replace(/_/g, ' ');
    const value = input[field];
    const add = (/** @type {string} */ message) => (errors[field] ??= []).push(message);
    if (value === undefined || value === null || value === '') {
      if (rule.required) add(`The ${label} field is required.`);
      continue;
    }
    if (rule.type === 'integer') {
      if (typeof value !== 'number' || !Number.isInteger(value)) add(`The ${label} field must be an integer.`);
      else if ((rule.min !== undefined && value < rule.min) || (rule.max !== undefined && value > rule.max)) {
        add(rule.min !== undefined && rule.max !== undefined ? `The ${label} field must be between ${rule.min} and ${rule.max}.` : rule.min !== undefined ? `The ${label} field must be at least ${rule.min}.` : `The ${label} field must not be greater than ${rule.max}.`);
      }
    } else if (rule.type === 'boolean') {
      if (typeof value !== 'boolean') add(`The ${label} field must be true or false.`);
    } else if (rule.type === 'array-of-strings') {
      if (!Array.isArray(value)) add(`The ${label} field must be an array.`);
      else if (value.some((item) => typeof item !== 'string')) add(`Each ${label.replace(/s$/, '')} must be a string.`);
    } else if (typeof value !== 'string') {
      add(`The ${label} field must be a string.`);
    } else if (rule.type === 'email' && !EMAIL.test(value)) {
      add(`The ${label} field must be a valid email address.`);
    } else {
      if (rule.min !== undefined && value.length < rule.min) add(`The ${label} field must be at least ${rule.min} characters.`);
      if (rule.max !== undefined && value.length > rule.max) add(`The ${label} field must not be greater than ${rule.max} characters.`);
    }
  }
  return errors;
}

/**
 * Laravel's summary line: the first message, and how many more there are.
 * @param {Record<string, string[]>} errors
 */
export function validationMessage(errors) {
  const all = Object.values(errors).flat();
  if (all.length <= 1) return all[0] ?? 'The given data was invalid.';
  const more = all.length - 1;
  return `${all[0]} (and ${more} more error${more === 1 ? '' : 's'})`;
}
