// A saved request file (requests/NAME.json) as the app's Save writes it, for the command line's tests.

/**
 * @param {Record<string, unknown>} patch the fields that differ from an empty GET /
 */
export const savedRequest = (patch) => ({
  name: 'Request',
  folder: '',
  application: 'default',
  method: 'GET',
  url: '/',
  pathParams: {},
  query: [],
  headers: [],
  body: { type: 'none' },
  auth: { type: 'none' },
  captures: [],
  assertions: [],
  ...patch,
});
