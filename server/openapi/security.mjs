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
