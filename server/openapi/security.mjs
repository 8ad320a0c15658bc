// @ts-check
// The authorization an OpenAPI document declares, as one of Kite's authorization types: the app
// starts requests with it on a host that has no session to forward (see KiteApplication).
/** @typedef {import('../../protocol/types').DocumentedAuthorization} DocumentedAuthorization */

/**
 * The first security requirement's first scheme: the document's own `security`, else the first
 * operation's. `http` bearer and basic map as they are; an API key or OAuth 2 becomes a bearer
 * token with a note saying what the document asks for.
 * @param {Record<string, any>} document
 * @returns {DocumentedAuthorization | undefined}
 */
export function documentedAuthorization(document) {
  const schemes = document.components?.securitySchemes ?? {};
  for (const requirement of securityRequirements(document)) {
    for (const name of Object.keys(requirement ?? {})) {
      const scheme = schemes[name];
      if (scheme && typeof scheme === 'object') return asAuthorization(name, scheme);
    }
  }
  return undefined;
}

/** @param {Record<string, any>} document */
function* securityRequirements(document) {
  if (Array.isArray(document.security)) yield* document.security;
  for (const pathItem of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(pathItem ?? {})) {
      if (operation && typeof operation === 'object' && Array.isArray(operation.security)) yield* operation.security;
    }
  }
}

/**
 * @param {string} name
 * @param {Record<string, any>} scheme
 * @returns {DocumentedAuthorization | undefined}
 */
function asAuthorization(name, scheme) {
  const httpScheme = typeof scheme.scheme === 'string' ? scheme.scheme.toLowerCase() : '';
  if (scheme.type === 'http' && httpScheme === 'basic') return { type: 'basic' };
  if (scheme.type === 'http' && httpScheme === 'bearer') return { type: 'bearer' };
  if (scheme.type === 'apiKey' && typeof scheme.name === 'string') {
    if (scheme.in === 'header' && scheme.name.toLowerCase() === 'authorization') return { type: 'bearer', note: `The API takes its key (${name}) in the Authorization header: give it as the token.` };
    const where = scheme.in === 'query' ? 'the Params tab' : scheme.in === 'cookie' ? 'a Cookie header' : 'the Headers tab';
    return { type: 'bearer', note: `The API takes an API key (${name}) in the ${scheme.in} parameter ${scheme.name}: add it on ${where}. A token here goes in Authorization: Bearer.` };
  }
  if (scheme.type === 'oauth2' || scheme.type === 'openIdConnect') return { type: 'bearer', note: `The API uses ${scheme.type === 'oauth2' ? 'OAuth 2' : 'OpenID Connect'} (${name}): paste an access token.` };
  return undefined;
}

/** @typedef {import('../../protocol/types').SecurityScheme} SecurityScheme */
/** @typedef {import('../../protocol/types').SecurityRequirement} SecurityRequirement */

const isRecord = (/** @type {unknown} */ value) => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const text = (/** @type {unknown} */ value) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);

/**
 * The document's `components.securitySchemes` as the protocol's SecurityScheme: the fields Kite
 * uses, a scheme it cannot use (no key name, no flows) left out.
 * @param {Record<string, any>} document
 * @returns {Record<string, SecurityScheme>}
 */
export function securitySchemesOf(document) {
  /** @type {Record<string, SecurityScheme>} */
  const schemes = {};
  for (const [name, scheme] of Object.entries(document.components?.securitySchemes ?? {})) {
    if (!isRecord(scheme)) continue;
    const described = text(scheme.description) ? { description: text(scheme.description) } : {};
    if (scheme.type === 'apiKey' && text(scheme.name) && ['header', 'query', 'cookie'].includes(scheme.in)) {
      schemes[name] = { type: 'apiKey', name: /** @type {string} */ (text(scheme.name)), in: scheme.in, ...described };
    } else if (scheme.type === 'http' && text(scheme.scheme)) {
      schemes[name] = { type: 'http', scheme: /** @type {string} */ (text(scheme.scheme)).toLowerCase(), ...(text(scheme.bearerFormat) ? { bearerFormat: text(scheme.bearerFormat) } : {}), ...described };
    } else if (scheme.type === 'oauth2' && isRecord(scheme.flows)) {
      /** @type {import('../../protocol/types').OAuthFlows} */
      const flows = {};
      for (const flow of /** @type {const} */ (['clientCredentials', 'authorizationCode', 'password', 'implicit'])) {
        const given = scheme.flows[flow];
        if (!isRecord(given)) continue;
        const scopes = Object.fromEntries(Object.entries(isRecord(given.scopes) ? given.scopes : {}).map(([scope, about]) => [scope, typeof about === 'string' ? about : '']));
        flows[flow] = {
          ...(text(given.authorizationUrl) ? { authorizationUrl: text(given.authorizationUrl) } : {}),
          ...(text(given.tokenUrl) ? { tokenUrl: text(given.tokenUrl) } : {}),
          ...(text(given.refreshUrl) ? { refreshUrl: text(given.refreshUrl) } : {}),
          scopes,
        };
      }
      if (Object.keys(flows).length) schemes[name] = { type: 'oauth2', flows, ...described };
    } else if (scheme.type === 'openIdConnect' && text(scheme.openIdConnectUrl)) {
      schemes[name] = { type: 'openIdConnect', openIdConnectUrl: /** @type {string} */ (text(scheme.openIdConnectUrl)), ...described };
    }
  }
  return schemes;
}

/**
 * An operation's security requirements: its own `security`, else the document's (OpenAPI's rule);
 * undefined when neither declares any.
 * @param {Record<string, any>} document
 * @param {Record<string, any>} operation
 * @returns {SecurityRequirement[] | undefined}
 */
export function operationSecurity(document, operation) {
  const declared = Array.isArray(operation.security) ? operation.security : Array.isArray(document.security) ? document.security : undefined;
  if (!declared) return undefined;
  return declared.filter(isRecord).map((requirement) =>
    Object.fromEntries(Object.entries(requirement).map(([name, scopes]) => [name, Array.isArray(scopes) ? scopes.filter((scope) => typeof scope === 'string') : []])),
  );
}
