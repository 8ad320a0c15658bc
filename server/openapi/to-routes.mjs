// @ts-check
// Turns an OpenAPI 3.0/3.1 document into the protocol's routes: every path and method, path and
// query parameters, and the request body as the JSON Schema subset of protocol/types.ts. `$ref`s
// are resolved (cycles cut with a `$comment`), `allOf` merged, `oneOf`/`anyOf` reduced to their
// first alternative with a note, and `nullable` turned into a type array. A route whose schema
// cannot be read keeps its place in the list and carries the reason in `extractionErrors`.

/** @typedef {import('../../protocol/types').RouteInfo} RouteInfo */
/** @typedef {import('../../protocol/types').RouteParameter} RouteParameter */
/** @typedef {import('../../protocol/types').JsonSchema} JsonSchema */
/** @typedef {import('../../protocol/types').ExtractionError} ExtractionError */
/** @typedef {import('../../protocol/types').HttpMethod} HttpMethod */

const METHODS = /** @type {const} */ (['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);
const SCHEMA_TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean', 'null']);
const COPIED_KEYWORDS = /** @type {const} */ ([
  'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'multipleOf', 'format', 'pattern', 'description', 'default', 'example',
]);
/** Body content types in the order a form is best built for them. */
const BODY_PREFERENCE = [
  (/** @type {string} */ type) => type === 'application/json',
  (/** @type {string} */ type) => /^application\/[\w.+-]*\+json$/.test(type),
  (/** @type {string} */ type) => type === 'multipart/form-data',
  (/** @type {string} */ type) => type === 'application/x-www-form-urlencoded',
  () => true,
];

/**
 * @param {Record<string, any>} document a parsed OpenAPI 3.0 or 3.1 document
 * @returns {RouteInfo[]}
 */
export function openApiToRoutes(document) {
  const resolver = createResolver(document);
  /** @type {RouteInfo[]} */
  const routes = [];
  for (const [uri, rawPathItem] of Object.entries(document.paths ?? {})) {
    const pathPointer = `#/paths/${escapePointer(uri)}`;
    /** @type {ExtractionError[]} */
    const pathErrors = [];
    const pathItem = resolver.deref(rawPathItem, pathPointer, pathErrors) ?? {};
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation || typeof operation !== 'object') continue;
      routes.push(operationToRoute(uri, method, operation, pathItem, `${pathPointer}/${method}`, resolver, pathErrors));
    }
  }
  return routes;
}

/**
 * @param {string} uri
 * @param {typeof METHODS[number]} method
 * @param {Record<string, any>} operation
 * @param {Record<string, any>} pathItem
 * @param {string} pointer
 * @param {ReturnType<typeof createResolver>} resolver
 * @param {ExtractionError[]} pathErrors
 * @returns {RouteInfo}
 */
function operationToRoute(uri, method, operation, pathItem, pointer, resolver, pathErrors) {
  const upper = /** @type {HttpMethod} */ (method.toUpperCase());
  /** @type {RouteInfo} */
  const route = {
    id: `${upper} ${uri}`,
    methods: [upper],
    uri,
    ...(typeof operation.operationId === 'string' ? { name: operation.operationId } : {}),
    ...(summaryOf(operation) ? { summary: summaryOf(operation) } : {}),
    ...(typeof operation.description === 'string' && operation.description.trim() ? { description: operation.description.trim() } : {}),
    group: groupOf(uri, operation),
    parameters: [],
    schema: {},
    extractionErrors: [...pathErrors],
  };
  try {
    route.parameters = parametersOf(pathItem, operation, pointer, resolver, route.extractionErrors);
    const query = queryObjectSchema(route.parameters);
    if (query) route.schema.query = query;
    const body = requestBodyOf(operation, pointer, resolver, route.extractionErrors);
    if (body) {
      route.schema.body = body.schema;
      route.bodyContentType = body.contentType;
    }
    const responses = responsesOf(operation, pointer, resolver, route.extractionErrors);
    if (responses.length) route.responses = responses;
  } catch (error) {
    route.extractionErrors.push({ message: error instanceof Error ? error.message : String(error), location: pointer });
  }
  return route;
}

/** @param {Record<string, any>} operation */
function summaryOf(operation) {
  if (typeof operation.summary === 'string' && operation.summary.trim()) return operation.summary.trim();
  if (typeof operation.description === 'string' && operation.description.trim()) return operation.description.trim().split('\n')[0];
  return undefined;
}

/**
 * The first tag, else the first literal path segment.
 * @param {string} uri
 * @param {Record<string, any>} operation
 */
export function groupOf(uri, operation) {
  const tag = Array.isArray(operation.tags) ? operation.tags.find((t) => typeof t === 'string' && t.trim()) : undefined;
  if (tag) return tag;
  const segment = uri.split('/').find((part) => part !== '' && !part.startsWith('{'));
  return segment ?? 'root';
}

/**
 * Path-level parameters overridden by operation-level ones of the same name and location.
 * @param {Record<string, any>} pathItem
 * @param {Record<string, any>} operation
 * @param {string} pointer
 * @param {ReturnType<typeof createResolver>} resolver
 * @param {ExtractionError[]} errors
 * @returns {RouteParameter[]}
 */
function parametersOf(pathItem, operation, pointer, resolver, errors) {
  /** @type {Map<string, RouteParameter>} */
  const byKey = new Map();
  const lists = [
    [pathItem.parameters, pointer.replace(/\/[^/]+$/, '/parameters')],
    [operation.parameters, `${pointer}/parameters`],
  ];
  for (const [list, listPointer] of lists) {
    if (!Array.isArray(list)) continue;
    list.forEach((raw, index) => {
      const at = `${listPointer}/${index}`;
      const parameter = resolver.deref(raw, at, errors);
      if (!parameter || typeof parameter.name !== 'string') return;
      if (!['path', 'query', 'header'].includes(parameter.in)) return;
      /** @type {RouteParameter} */
      const converted = {
        name: parameter.name,
        in: parameter.in,
        required: parameter.in === 'path' ? true : parameter.required === true,
      };
      const schemaSource = parameter.schema ?? firstContentSchema(parameter.content);
      if (schemaSource) converted.schema = resolver.schema(schemaSource, `${at}/schema`, errors);
      if (typeof parameter.description === 'string') converted.description = parameter.description;
      byKey.set(`${parameter.in}:${parameter.name}`, converted);
    });
  }
  return [...byKey.values()];
}

/** @param {unknown} content */
function firstContentSchema(content) {
  if (!content || typeof content !== 'object') return undefined;
  const first = Object.values(content)[0];
  return first && typeof first === 'object' ? first.schema : undefined;
}

/**
 * @param {RouteParameter[]} parameters
 * @returns {JsonSchema | undefined}
 */
function queryObjectSchema(parameters) {
  const query = parameters.filter((p) => p.in === 'query');
  if (query.length === 0) return undefined;
  /** @type {Record<string, JsonSchema>} */
  const properties = {};
  for (const parameter of query) {
    properties[parameter.name] = {
      ...(parameter.schema ?? { type: 'string' }),
      ...(parameter.description && !parameter.schema?.description ? { description: parameter.description } : {}),
    };
  }
  const required = query.filter((p) => p.required).map((p) => p.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/**
 * @param {Record<string, any>} operation
 * @param {string} pointer
 * @param {ReturnType<typeof createResolver>} resolver
 * @param {ExtractionError[]} errors
 * @returns {{ schema: JsonSchema; contentType: string } | undefined}
 */
function requestBodyOf(operation, pointer, resolver, errors) {
  if (operation.requestBody === undefined) return undefined;
  const requestBody = resolver.deref(operation.requestBody, `${pointer}/requestBody`, errors);
  const content = requestBody?.content;
  if (!content || typeof content !== 'object') return undefined;
  const types = Object.keys(content);
  const contentType = BODY_PREFERENCE.map((accepts) => types.find((type) => accepts(type.toLowerCase()))).find(Boolean);
  if (!contentType) return undefined;
  const media = content[contentType] ?? {};
  const at = `${pointer}/requestBody/content/${escapePointer(contentType)}/schema`;
  const schema = media.schema === undefined ? {} : resolver.schema(media.schema, at, errors);
  return { schema, contentType };
}

/**
 * The documented responses: status, description and content types, in the document's order.
 * @param {Record<string, any>} operation
 * @param {string} pointer
 * @param {ReturnType<typeof createResolver>} resolver
 * @param {ExtractionError[]} errors
 * @returns {import('../../protocol/types').RouteResponseDoc[]}
 */
function responsesOf(operation, pointer, resolver, errors) {
  if (!operation.responses || typeof operation.responses !== 'object') return [];
  return Object.entries(operation.responses).map(([status, raw]) => {
    const response = resolver.deref(raw, `${pointer}/responses/${escapePointer(status)}`, errors) ?? {};
    const contentTypes = response.content && typeof response.content === 'object' ? Object.keys(response.content) : [];
    return {
      status,
      ...(typeof response.description === 'string' && response.description.trim() ? { description: response.description.trim() } : {}),
      ...(contentTypes.length ? { contentTypes } : {}),
    };
  });
}

/**
 * Resolves local `$ref`s and converts schemas, remembering finished conversions so a document
 * whose thousands of operations share components converts each component once.
 * @param {Record<string, any>} document
 */
function createResolver(document) {
  /** @type {Map<string, JsonSchema>} */
  const converted = new Map();
  /** @type {string[]} refs being converted right now, innermost last */
  const stack = [];
  /** Counts cut cycles, so a conversion that cut one is not remembered as complete. */
  let cuts = 0;

  /**
   * @param {string} ref
   * @returns {{ found: true; value: any } | { found: false; reason: string }}
   */
  function lookup(ref) {
    if (!ref.startsWith('#')) return { found: false, reason: `Cannot resolve $ref '${ref}': only references inside the document are supported` };
    /** @type {any} */
    let node = document;
    for (const part of ref.slice(1).split('/').slice(1)) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !(key in node)) return { found: false, reason: `Cannot resolve $ref '${ref}': '${key}' does not exist` };
      node = node[key];
    }
    return { found: true, value: node };
  }

  /**
   * Follows `$ref`s of a non-schema object (parameter, request body, path item).
   * @param {any} value
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   */
  function deref(value, pointer, errors) {
    /** @type {Set<string>} */
    const seen = new Set();
    let current = value;
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      if (seen.has(current.$ref)) {
        errors.push({ message: `$ref cycle at '${current.$ref}'`, location: pointer });
        return undefined;
      }
      seen.add(current.$ref);
      const target = lookup(current.$ref);
      if (!target.found) {
        errors.push({ message: target.reason, location: pointer });
        return undefined;
      }
      current = target.value;
    }
    return current;
  }

  /**
   * @param {any} source an OpenAPI schema object
   * @param {string} pointer where it sits, for messages
   * @param {ExtractionError[]} errors
   * @returns {JsonSchema} a request schema: readOnly properties are left out
   */
  function schema(source, pointer, errors) {
    if (source === true || source === undefined) return {};
    if (source === false) return { $comment: 'This schema accepts no value' };
    if (!source || typeof source !== 'object' || Array.isArray(source)) {
      errors.push({ message: `Schema is not an object`, location: pointer });
      return { $comment: 'Unreadable schema' };
    }
    if (typeof source.$ref === 'string') return refSchema(source, pointer, errors);
    return plainSchema(source, pointer, errors);
  }

  /**
   * @param {Record<string, any>} source
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   * @returns {JsonSchema}
   */
  function refSchema(source, pointer, errors) {
    const ref = source.$ref;
    // OpenAPI 3.1 allows siblings next to $ref (description, nullable, …): they refine the target.
    const { $ref: _ref, ...siblings } = source;
    const refine = (/** @type {JsonSchema} */ resolved) =>
      Object.keys(siblings).length ? mergeSchemas([resolved, plainSchema(siblings, pointer, errors)]) : resolved;
    const known = converted.get(ref);
    if (known) return refine(known);
    if (stack.includes(ref)) {
      cuts += 1;
      const target = lookup(ref);
      const type = target.found && typeof target.value?.type === 'string' ? target.value.type : 'object';
      return refine({ ...(SCHEMA_TYPES.has(type) ? { type } : {}), $comment: `Cut a $ref cycle: ${ref} refers back to itself` });
    }
    const target = lookup(ref);
    if (!target.found) {
      errors.push({ message: target.reason, location: pointer });
      return { $comment: target.reason };
    }
    stack.push(ref);
    const cutsBefore = cuts;
    let result;
    try {
      result = schema(target.value, ref, errors);
    } finally {
      stack.pop();
    }
    if (cuts === cutsBefore) converted.set(ref, result);
    return refine(result);
  }

  /**
   * @param {Record<string, any>} source
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   * @returns {JsonSchema}
   */
  function plainSchema(source, pointer, errors) {
    /** @type {JsonSchema} */
    let result = {};
    /** @type {string[]} */
    const notes = [];
    if (typeof source.$comment === 'string') notes.push(source.$comment);

    const types = (Array.isArray(source.type) ? source.type : source.type === undefined ? [] : [source.type]).filter((t) => {
      if (SCHEMA_TYPES.has(t)) return true;
      errors.push({ message: `Unknown schema type '${t}'`, location: pointer });
      return false;
    });
    if (source.nullable === true && types.length && !types.includes('null')) types.push('null');
    if (types.length === 1) result.type = types[0];
    else if (types.length > 1) result.type = types;

    for (const keyword of COPIED_KEYWORDS) if (source[keyword] !== undefined) /** @type {any} */ (result)[keyword] = source[keyword];
    if (source.const !== undefined && result.enum === undefined) result.enum = [source.const];
    if (result.example === undefined && Array.isArray(source.examples) && source.examples.length) result.example = source.examples[0];
    exclusiveBounds(source, result, notes);

    if (source.properties && typeof source.properties === 'object') {
      /** @type {Record<string, JsonSchema>} */
      const properties = {};
      for (const [name, property] of Object.entries(source.properties)) {
        if (property && typeof property === 'object' && isReadOnly(property)) continue;
        properties[name] = schema(property, `${pointer}/properties/${escapePointer(name)}`, errors);
      }
      result.properties = properties;
      if (result.type === undefined) result.type = 'object';
    }
    if (Array.isArray(source.required)) {
      const required = source.required.filter((name) => typeof name === 'string' && (!result.properties || name in result.properties));
      if (required.length) result.required = required;
    }
    if (source.items !== undefined) {
      result.items = schema(source.items, `${pointer}/items`, errors);
      if (result.type === undefined) result.type = 'array';
    } else if (Array.isArray(source.prefixItems) && source.prefixItems.length) {
      result.items = schema(source.prefixItems[0], `${pointer}/prefixItems/0`, errors);
      notes.push('prefixItems: the form uses the first item schema for every item');
    }

    if (Array.isArray(source.allOf)) {
      const parts = source.allOf.map((/** @type {any} */ part, /** @type {number} */ index) => schema(part, `${pointer}/allOf/${index}`, errors));
      result = mergeSchemas([...parts, result]);
    }
    for (const keyword of /** @type {const} */ (['oneOf', 'anyOf'])) {
      if (!Array.isArray(source[keyword]) || source[keyword].length === 0) continue;
      const alternatives = source[keyword];
      const nullAlternative = alternatives.findIndex((/** @type {any} */ a) => a && a.type === 'null');
      const firstIndex = alternatives.findIndex((/** @type {any} */ _a, /** @type {number} */ index) => index !== nullAlternative);
      if (firstIndex === -1) {
        result = mergeSchemas([result, { type: 'null' }]);
        continue;
      }
      let chosen = schema(alternatives[firstIndex], `${pointer}/${keyword}/${firstIndex}`, errors);
      if (nullAlternative !== -1) chosen = withNull(chosen);
      result = mergeSchemas([chosen, result]);
      const others = alternatives.length - 1 - (nullAlternative === -1 ? 0 : 1);
      if (others > 0) notes.push(`${keyword}: used the first of ${others + 1} alternatives`);
    }
    if (source.not !== undefined) notes.push('not: this constraint is not shown');

    if (notes.length) result.$comment = [result.$comment, ...notes].filter(Boolean).join('; ');
    return result;
  }

  return { deref, schema };
}

/** @param {Record<string, any>} property */
function isReadOnly(property) {
  return property.readOnly === true && property.$ref === undefined;
}

/**
 * OpenAPI 3.0 writes `exclusiveMinimum: true` beside `minimum`; 3.1 writes the bound itself. The
 * subset has only inclusive bounds: integers move the bound by one, numbers keep it with a note.
 * @param {Record<string, any>} source
 * @param {JsonSchema} result
 * @param {string[]} notes
 */
function exclusiveBounds(source, result, notes) {
  const integer = source.type === 'integer' || (Array.isArray(source.type) && source.type.includes('integer'));
  for (const [exclusive, inclusive, step] of /** @type {const} */ ([['exclusiveMinimum', 'minimum', 1], ['exclusiveMaximum', 'maximum', -1]])) {
    const value = source[exclusive];
    const bound = typeof value === 'number' ? value : value === true && typeof source[inclusive] === 'number' ? source[inclusive] : undefined;
    if (bound === undefined) continue;
    if (integer) result[inclusive] = bound + step;
    else {
      result[inclusive] = bound;
      notes.push(`${inclusive} ${bound} is exclusive`);
    }
  }
}

/**
 * Merges `allOf` parts: properties and required lists are united, the first part that names a
 * keyword wins for every other keyword.
 * @param {JsonSchema[]} parts
 * @returns {JsonSchema}
 */
export function mergeSchemas(parts) {
  /** @type {JsonSchema} */
  const merged = {};
  /** @type {string[]} */
  const comments = [];
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key === 'properties') merged.properties = { ...(merged.properties ?? {}), ...value };
      else if (key === 'required') merged.required = [...new Set([...(merged.required ?? []), ...value])];
      else if (key === '$comment') comments.push(value);
      else if (key === 'type' && merged.type !== undefined) merged.type = intersectTypes(merged.type, value);
      else if (/** @type {any} */ (merged)[key] === undefined) /** @type {any} */ (merged)[key] = value;
    }
  }
  if (merged.properties && merged.type === undefined) merged.type = 'object';
  if (comments.length) merged.$comment = [...new Set(comments)].join('; ');
  return merged;
}

/**
 * @param {JsonSchema['type']} a
 * @param {JsonSchema['type']} b
 * @returns {JsonSchema['type']}
 */
function intersectTypes(a, b) {
  const left = Array.isArray(a) ? a : a ? [a] : [];
  const right = Array.isArray(b) ? b : b ? [b] : [];
  const both = left.filter((t) => right.includes(t) || (t === 'integer' && right.includes('number')));
  if (both.length === 0) return a;
  return both.length === 1 ? both[0] : both;
}

/** @param {JsonSchema} schema */
function withNull(schema) {
  if (schema.type === undefined) return schema;
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('null') ? schema : { ...schema, type: /** @type {JsonSchema['type']} */ ([...types, 'null']) };
}

/** @param {string} segment */
function escapePointer(segment) {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
