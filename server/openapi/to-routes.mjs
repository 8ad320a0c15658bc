// @ts-check
// Turns an OpenAPI 3.0/3.1 document into the protocol's routes: every path and method, path and
// query parameters, and the request body as the JSON Schema subset of protocol/types.ts.
//
// Shared schemas travel once: every schema a `$ref` points at becomes one entry of the
// application's `$defs`, converted once, and the routes refer to it (`{ "$ref": "#/$defs/Pet" }`).
// Cycles stay references, so a document of cross-linked schemas converts in time and size
// proportional to the document. `allOf` is merged where its parts are known (parts that contradict
// each other, such as a string and an integer, also stay as parts: no value meets them), `oneOf`/`anyOf` keep
// their branches (and `discriminator`), `nullable` becomes a type array, OpenAPI 3.0's boolean
// exclusive bounds become 2020-12 numbers, and read-only properties are left out of the request.
// `$ref`s into other files (relative to the document) are followed. A route whose schema cannot be
// read keeps its place in the list and carries the reason in `extractionErrors`.
import { dirname, resolve as resolvePath, basename, extname } from 'node:path';
import { loadDataFile } from './load.mjs';
import { mergeSchemas } from '../../protocol/json-schema-merge.js';
import { operationSecurity, securitySchemesOf } from './security.mjs';
import { SHARED_PARAMETER_PREFIX, SHARED_RESPONSE_PREFIX } from '../../protocol/route-refs.js';

/** @typedef {import('../../protocol/types').RouteInfo} RouteInfo */
/** @typedef {import('../../protocol/types').RouteParameter} RouteParameter */
/** @typedef {import('../../protocol/types').JsonSchema} JsonSchema */
/** @typedef {import('../../protocol/types').ExtractionError} ExtractionError */
/** @typedef {import('../../protocol/types').HttpMethod} HttpMethod */
/** @typedef {import('../../protocol/types').RouteOnWire} RouteOnWire */
/** @typedef {import('../../protocol/types').RouteResponseDoc} RouteResponseDoc */
/**
 * @typedef {{ routes: RouteOnWire[]; $defs: Record<string, JsonSchema>; parameters?: Record<string, RouteParameter>; responses?: Record<string, RouteResponseDoc>; securitySchemes?: Record<string, import('../../protocol/types').SecurityScheme> }} ConvertedApplication
 */

const METHODS = /** @type {const} */ (['get', 'head', 'post', 'put', 'patch', 'delete', 'options']);
const SCHEMA_TYPES = new Set(['object', 'array', 'string', 'integer', 'number', 'boolean', 'null']);

/**
 * The extraction error of a `$ref` that could not be followed, with its fix where there is one.
 * @param {{ reason: string; fix?: string }} failure
 * @param {string} pointer
 * @returns {ExtractionError}
 */
const refError = (failure, pointer) => ({ message: failure.reason, location: pointer, ...(failure.fix ? { fix: failure.fix } : {}) });
const COPIED_KEYWORDS = /** @type {const} */ ([
  'enum', 'minimum', 'maximum', 'minLength', 'maxLength', 'minItems', 'maxItems', 'uniqueItems', 'minProperties', 'maxProperties',
  'multipleOf', 'format', 'pattern', 'title', 'description', 'default', 'example', 'writeOnly',
]);
/** OpenAPI's parameter styles (`RouteParameter.style`; `brackets` is Kite's own, never in a document). */
const PARAMETER_STYLES = new Set(['form', 'spaceDelimited', 'pipeDelimited', 'deepObject', 'simple', 'label', 'matrix']);
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
 * @param {{ file?: string }} [options] the document's file, against which `$ref`s to other files resolve
 * @returns {ConvertedApplication}
 */
export function openApiToApplication(document, options = {}) {
  const resolver = createResolver(document, options.file);
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
      const route = operationToRoute(uri, method, operation, pathItem, `${pathPointer}/${method}`, resolver, pathErrors);
      const security = operationSecurity(document, operation);
      routes.push(security ? { ...route, security } : route);
    }
  }
  const securitySchemes = securitySchemesOf(document);
  const parameters = shareRepeated(routes, 'parameters', SHARED_PARAMETER_PREFIX);
  const responses = shareRepeated(routes, 'responses', SHARED_RESPONSE_PREFIX);
  return {
    routes,
    $defs: resolver.defs(),
    ...(Object.keys(parameters).length ? { parameters } : {}),
    ...(Object.keys(responses).length ? { responses } : {}),
    ...(Object.keys(securitySchemes).length ? { securitySchemes } : {}),
  };
}

/**
 * Moves every parameter (or response) that more than one route carries, equal in content, into one
 * shared map and leaves `{ "$ref": "#/parameters/ID" }` in each route (protocol/route-refs.js): a
 * document's `components.parameters` and `components.responses` and identical inline ones alike. Graph's `$top`, `$filter`, … and its error responses are in each of
 * 11,422 operations; sent once, the routes response shrinks by more than half.
 * @template {'parameters' | 'responses'} F
 * @param {RouteInfo[]} routes converted with every entry inline; changed in place
 * @param {F} field
 * @param {string} prefix
 * @returns {Record<string, NonNullable<RouteInfo[F]>[number]>}
 */
function shareRepeated(routes, field, prefix) {
  /** @type {Map<string, { entry: any; count: number; id?: string }>} */
  const byContent = new Map();
  const keysPerRoute = routes.map((route) =>
    (route[field] ?? []).map((/** @type {any} */ entry) => {
      const key = JSON.stringify(entry);
      const known = byContent.get(key);
      if (known) known.count += 1;
      else byContent.set(key, { entry, count: 1 });
      return key;
    }),
  );
  /** @type {Record<string, any>} */
  const shared = {};
  // Ids are short (base 36, in order of first use): Graph refers to shared entries 80,000 times,
  // and the entry itself names what it is.
  let next = 0;
  for (const info of byContent.values()) {
    if (info.count < 2) continue;
    info.id = (next++).toString(36);
    shared[info.id] = info.entry;
  }
  routes.forEach((route, index) => {
    const entries = route[field];
    if (!entries) return;
    /** @type {any} */ (route)[field] = entries.map((entry, position) => {
      const id = byContent.get(keysPerRoute[index][position])?.id;
      return id === undefined ? entry : { $ref: `${prefix}${encodeURIComponent(id)}` };
    });
  });
  return shared;
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
  const tags = Array.isArray(operation.tags) ? operation.tags.filter((/** @type {unknown} */ t) => typeof t === 'string' && t.trim()) : [];
  const description = typeof operation.description === 'string' && operation.description.trim() ? operation.description.trim() : undefined;
  /** @type {RouteInfo} */
  const route = {
    id: `${upper} ${uri}`,
    methods: [upper],
    uri,
    ...(typeof operation.operationId === 'string' ? { name: operation.operationId } : {}),
    ...(summaryOf(operation) ? { summary: summaryOf(operation) } : {}),
    ...(description && description !== summaryOf(operation) ? { description } : {}),
    // A lone tag is the group: the route search reads `tags ?? [group]`.
    ...(tags.length > 1 ? { tags } : {}),
    group: groupOf(uri, operation),
    parameters: [],
    schema: {},
    extractionErrors: [...pathErrors],
  };
  try {
    route.parameters = parametersOf(pathItem, operation, pointer, resolver, route.extractionErrors);
    // Query parameters travel once, in `parameters` (the app builds the query schema from them).
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
 * Path-level parameters overridden by operation-level ones of the same name and location. A
 * parameter's schema is given in full at its top (a `$ref` there is replaced by what it names), so
 * the request builder reads its default and enum without resolving anything.
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
      if (schemaSource) converted.schema = resolver.inlineTop(resolver.schema(schemaSource, `${at}/schema`, errors));
      if (typeof parameter.description === 'string') converted.description = parameter.description;
      // How an array or object value is written (the app applies OpenAPI's defaults when absent).
      if (PARAMETER_STYLES.has(parameter.style)) converted.style = parameter.style;
      if (typeof parameter.explode === 'boolean') converted.explode = parameter.explode;
      // OpenAPI gives a parameter's example beside its schema (`example`, or `examples` by name);
      // the builder reads it from the schema, where JSON Schema keeps one.
      const example = parameterExample(parameter);
      if (example !== undefined && converted.schema?.example === undefined && converted.schema?.examples === undefined) converted.schema = { ...(converted.schema ?? { type: 'string' }), example };
      byKey.set(`${parameter.in}:${parameter.name}`, converted);
    });
  }
  return [...byKey.values()];
}

/**
 * The parameter's own example: `example`, else the first of `examples` that carries a value.
 * @param {Record<string, any>} parameter
 */
function parameterExample(parameter) {
  if (parameter.example !== undefined) return parameter.example;
  if (!parameter.examples || typeof parameter.examples !== 'object') return undefined;
  for (const example of Object.values(parameter.examples)) if (example && typeof example === 'object' && example.value !== undefined) return example.value;
  return undefined;
}

/** @param {unknown} content */
function firstContentSchema(content) {
  if (!content || typeof content !== 'object') return undefined;
  const first = Object.values(content)[0];
  return first && typeof first === 'object' ? first.schema : undefined;
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
  if (media.example !== undefined && schema.example === undefined && schema.$ref === undefined) schema.example = media.example;
  return { schema, contentType };
}

/**
 * The documented responses: status, description, content types and the JSON body's schema (converted
 * as request schemas are: a readOnly property is left out), in the document's order.
 * @param {Record<string, any>} operation
 * @param {string} pointer
 * @param {ReturnType<typeof createResolver>} resolver
 * @param {ExtractionError[]} errors
 * @returns {RouteResponseDoc[]}
 */
function responsesOf(operation, pointer, resolver, errors) {
  if (!operation.responses || typeof operation.responses !== 'object') return [];
  return Object.entries(operation.responses).map(([status, raw]) => {
    const response = resolver.deref(raw, `${pointer}/responses/${escapePointer(status)}`, errors) ?? {};
    const contentTypes = response.content && typeof response.content === 'object' ? Object.keys(response.content) : [];
    // The first JSON content's schema, for the Tests tab's "matches the documented response".
    const json = contentTypes.find((type) => /[/+]json\b/i.test(type));
    const source = json === undefined ? undefined : response.content[json]?.schema;
    const at = `${pointer}/responses/${escapePointer(status)}/content/${escapePointer(json ?? '')}/schema`;
    return {
      status,
      ...(typeof response.description === 'string' && response.description.trim() ? { description: response.description.trim() } : {}),
      ...(contentTypes.length ? { contentTypes } : {}),
      ...(source !== undefined ? { schema: resolver.schema(source, at, errors) } : {}),
    };
  });
}

/**
 * Resolves `$ref`s (inside the document and into other files) and converts schemas. Each schema a
 * `$ref` names is converted once into `$defs`; a conversion under way is named before it starts,
 * so a reference back to it (a cycle) is just a reference.
 * @param {Record<string, any>} document
 * @param {string} [file]
 */
function createResolver(document, file) {
  const rootFile = file ? resolvePath(file) : '';
  /** @type {Map<string, any>} documents by absolute file ('' is the root document) */
  const documents = new Map([[rootFile, document]]);
  /** @type {Map<string, string>} location (`file#pointer`) → def name */
  const names = new Map();
  /** @type {Set<string>} def names taken */
  const taken = new Set();
  /** @type {Record<string, JsonSchema>} */
  const defs = {};
  /** @type {Set<string>} defs whose conversion is under way */
  const converting = new Set();
  /** @type {Map<string, boolean>} def name → whether the schema it names is read-only */
  const readOnlyDefs = new Map();

  /**
   * @param {string} ref
   * @param {string} base the file the `$ref` sits in
   * @returns {{ found: true; value: any; file: string; location: string } | { found: false; reason: string; fix?: string }}
   */
  function lookup(ref, base) {
    const hash = ref.indexOf('#');
    const filePart = hash === -1 ? ref : ref.slice(0, hash);
    const pointer = hash === -1 ? '' : ref.slice(hash + 1);
    let target = base;
    if (filePart !== '') {
      if (/^[a-z][a-z0-9+.-]*:/i.test(filePart)) {
        const name = filePart.replace(/[?#].*$/, '').split('/').pop() || 'schema.json';
        return { found: false, reason: `Cannot resolve $ref '${ref}': only files next to the document are followed, not URLs`, fix: `Save the file next to the document and point the \`$ref\` at its name (\`${name}\`).` };
      }
      if (!base && !rootFile) return { found: false, reason: `Cannot resolve $ref '${ref}': only references inside the document are supported when it is not read from a file`, fix: 'Load the document from a file (`--openapi FILE`), or write the schema in place of the `$ref`.' };
      target = resolvePath(dirname(base || rootFile), decodeURIComponent(filePart));
      if (!documents.has(target)) {
        try {
          documents.set(target, loadDataFile(target));
        } catch (error) {
          return { found: false, reason: `Cannot resolve $ref '${ref}': ${error instanceof Error ? error.message : String(error)}`, fix: `Put \`${decodeURIComponent(filePart)}\` next to the document, or correct the file name in the \`$ref\`.` };
        }
      }
    }
    /** @type {any} */
    let node = documents.get(target);
    if (pointer !== '' && !pointer.startsWith('/')) return { found: false, reason: `Cannot resolve $ref '${ref}': '${pointer}' is not a JSON pointer`, fix: 'Write the part after `#` as a JSON pointer (`#/components/schemas/Name`).' };
    const where = filePart === '' ? 'the document' : `\`${decodeURIComponent(filePart)}\``;
    for (const part of pointer.split('/').slice(1)) {
      const key = decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~');
      if (node === null || typeof node !== 'object' || !(key in node)) return { found: false, reason: `Cannot resolve $ref '${ref}': '${key}' does not exist`, fix: `Define \`${pointer}\` in ${where}, or correct the \`$ref\`.` };
      node = node[key];
    }
    return { found: true, value: node, file: target, location: `${target}#${pointer}` };
  }

  /**
   * Follows `$ref`s of a non-schema object (parameter, request body, path item).
   * @param {any} value
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   */
  function deref(value, pointer, errors) {
    return derefIn(value, rootFile, pointer, errors).value;
  }

  /**
   * @param {any} value
   * @param {string} base
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   * @returns {{ value: any; file: string }}
   */
  function derefIn(value, base, pointer, errors) {
    /** @type {Set<string>} */
    const seen = new Set();
    let current = value;
    let currentFile = base;
    while (current && typeof current === 'object' && typeof current.$ref === 'string') {
      const target = lookup(current.$ref, currentFile);
      if (!target.found) {
        errors.push(refError(target, pointer));
        return { value: undefined, file: currentFile };
      }
      if (seen.has(target.location)) {
        errors.push({ message: `$ref cycle at '${current.$ref}'`, location: pointer });
        return { value: undefined, file: currentFile };
      }
      seen.add(target.location);
      current = target.value;
      currentFile = target.file;
    }
    return { value: current, file: currentFile };
  }

  /**
   * @param {any} source an OpenAPI schema object
   * @param {string} pointer where it sits, for messages
   * @param {ExtractionError[]} errors
   * @returns {JsonSchema} a request schema: readOnly properties are left out
   */
  function schema(source, pointer, errors) {
    return convert(source, rootFile, pointer, errors);
  }

  /**
   * @param {any} source
   * @param {string} base the file `source` sits in
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   * @returns {JsonSchema}
   */
  function convert(source, base, pointer, errors) {
    if (source === true || source === undefined) return {};
    if (source === false) return { $comment: 'This schema accepts no value' };
    if (!source || typeof source !== 'object' || Array.isArray(source)) {
      errors.push({ message: `Schema is not an object`, location: pointer });
      return { $comment: 'Unreadable schema' };
    }
    if (typeof source.$ref === 'string') return refSchema(source, base, pointer, errors);
    return plainSchema(source, base, pointer, errors);
  }

  /**
   * The def a `$ref` names, converting it the first time.
   * @param {string} ref
   * @param {string} base
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   * @returns {string | { reason: string }}
   */
  function defFor(ref, base, pointer, errors) {
    const target = lookup(ref, base);
    if (!target.found) {
      errors.push(refError(target, pointer));
      return { reason: target.reason };
    }
    const known = names.get(target.location);
    if (known !== undefined) return known;
    const name = uniqueName(nameOf(ref), taken);
    names.set(target.location, name);
    converting.add(name);
    readOnlyDefs.set(name, target.value?.readOnly === true);
    try {
      defs[name] = convert(target.value, target.file, ref, errors);
    } finally {
      converting.delete(name);
    }
    return name;
  }

  /**
   * @param {Record<string, any>} source
   * @param {string} base
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   * @returns {JsonSchema}
   */
  function refSchema(source, base, pointer, errors) {
    const name = defFor(source.$ref, base, pointer, errors);
    if (typeof name !== 'string') return { $comment: name.reason };
    // Siblings next to $ref (description, nullable, …) refine the target.
    const { $ref: _ref, ...siblings } = source;
    /** @type {JsonSchema} */
    const reference = { $ref: `#/$defs/${name}` };
    if (Object.keys(siblings).length === 0) return reference;
    const refined = plainSchema(siblings, base, pointer, errors);
    if (siblings.nullable === true) return { anyOf: [reference, { type: 'null' }], ...withoutKeys(refined, ['type']) };
    return Object.keys(refined).length ? { ...refined, ...reference } : reference;
  }

  /**
   * @param {Record<string, any>} source
   * @param {string} base
   * @param {string} pointer
   * @param {ExtractionError[]} errors
   * @returns {JsonSchema}
   */
  function plainSchema(source, base, pointer, errors) {
    /** @type {JsonSchema} */
    let result = {};
    /** @type {string[]} */
    const notes = [];
    if (typeof source.$comment === 'string') notes.push(source.$comment);

    const types = (Array.isArray(source.type) ? source.type : source.type === undefined ? [] : [source.type]).filter((t) => {
      if (t === 'file') return false; // Swagger 2.0's file: a binary string
      if (SCHEMA_TYPES.has(t)) return true;
      errors.push({ message: `Unknown schema type '${t}'`, location: pointer, fix: `Use one of the JSON Schema types: ${[...SCHEMA_TYPES].sort().join(', ')}.` });
      return false;
    });
    if (source.type === 'file') {
      types.push('string');
      result.format = 'binary';
    }
    if (source.nullable === true && types.length && !types.includes('null')) types.push('null');
    if (types.length === 1) result.type = types[0];
    else if (types.length > 1) result.type = types;

    for (const keyword of COPIED_KEYWORDS) if (source[keyword] !== undefined) /** @type {any} */ (result)[keyword] = source[keyword];
    if (source.nullable === true && Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
    if (source.const !== undefined) result.const = source.const;
    if (result.example === undefined && Array.isArray(source.examples) && source.examples.length) result.example = source.examples[0];
    exclusiveBounds(source, result);

    if (source.properties && typeof source.properties === 'object') {
      /** @type {Record<string, JsonSchema>} */
      const properties = {};
      for (const [name, property] of Object.entries(source.properties)) {
        if (isReadOnly(property, base)) continue;
        properties[name] = convert(property, base, `${pointer}/properties/${escapePointer(name)}`, errors);
      }
      result.properties = properties;
      if (result.type === undefined) result.type = 'object';
    }
    if (Array.isArray(source.required)) {
      const readOnly = new Set(Object.entries(source.properties ?? {}).filter(([, p]) => isReadOnly(p, base)).map(([n]) => n));
      const required = source.required.filter((name) => typeof name === 'string' && !readOnly.has(name));
      if (required.length) result.required = [...new Set(required)];
    }
    if (source.additionalProperties === false) result.additionalProperties = false;
    else if (source.additionalProperties && typeof source.additionalProperties === 'object') {
      result.additionalProperties = convert(source.additionalProperties, base, `${pointer}/additionalProperties`, errors);
    }
    if (Array.isArray(source.items)) {
      if (source.items.length) result.items = convert(source.items[0], base, `${pointer}/items/0`, errors);
    } else if (source.items !== undefined) {
      result.items = convert(source.items, base, `${pointer}/items`, errors);
      if (result.type === undefined) result.type = 'array';
    } else if (Array.isArray(source.prefixItems) && source.prefixItems.length) {
      result.items = convert(source.prefixItems[0], base, `${pointer}/prefixItems/0`, errors);
      notes.push('prefixItems: the form uses the first item schema for every item');
    }

    for (const keyword of /** @type {const} */ (['oneOf', 'anyOf'])) {
      if (!Array.isArray(source[keyword]) || source[keyword].length === 0) continue;
      result[keyword] = source[keyword].map((/** @type {any} */ branch, /** @type {number} */ index) => convert(branch, base, `${pointer}/${keyword}/${index}`, errors));
    }
    const discriminator = source.discriminator;
    if (discriminator && typeof discriminator === 'object' && typeof discriminator.propertyName === 'string') {
      /** @type {Record<string, string>} */
      const mapping = {};
      for (const [value, ref] of Object.entries(discriminator.mapping ?? {})) {
        if (typeof ref !== 'string') continue;
        // A mapping value is a $ref or, in OpenAPI's short form, a component name.
        const target = ref.includes('#') || /\.(json|ya?ml)$/i.test(ref) ? ref : `#/components/schemas/${ref}`;
        const name = defFor(target, base, `${pointer}/discriminator/mapping`, errors);
        if (typeof name === 'string') mapping[value] = `#/$defs/${name}`;
      }
      result.discriminator = { propertyName: discriminator.propertyName, ...(Object.keys(mapping).length ? { mapping } : {}) };
    }

    if (Array.isArray(source.allOf)) {
      const parts = source.allOf.map((/** @type {any} */ part, /** @type {number} */ index) => convert(part, base, `${pointer}/allOf/${index}`, errors));
      result = mergeAll([...parts, result]);
    }
    if (source.not !== undefined) notes.push('not: this constraint is not shown');

    if (notes.length) result.$comment = [result.$comment, ...notes].filter(Boolean).join('; ');
    return result;
  }

  /**
   * Merges allOf parts, replacing a part that is a reference by what it names; a reference whose
   * conversion is under way (a cycle through allOf) stays an `allOf` part.
   * @param {JsonSchema[]} parts
   */
  function mergeAll(parts) {
    /** @type {JsonSchema[]} */
    const kept = [];
    /** @type {JsonSchema[]} */
    const merged = [];
    for (const part of parts) {
      const name = part.$ref?.slice('#/$defs/'.length);
      if (name === undefined) merged.push(part);
      else if (converting.has(name) || defs[name] === undefined) kept.push(part);
      else merged.push({ ...withoutKeys(defs[name], ['title']), ...withoutKeys(part, ['$ref']) });
    }
    const result = mergeSchemas(merged);
    if (kept.length) result.allOf = [...(result.allOf ?? []), ...kept];
    return result;
  }

  /**
   * @param {any} property
   * @param {string} base
   */
  function isReadOnly(property, base) {
    if (!property || typeof property !== 'object') return false;
    if (property.readOnly === true) return true;
    if (typeof property.$ref !== 'string') return false;
    const target = lookup(property.$ref, base);
    return target.found && target.value?.readOnly === true;
  }

  /**
   * A schema with a `$ref` at its top replaced by (a copy of the top of) what it names.
   * @param {JsonSchema} schema
   * @returns {JsonSchema}
   */
  function inlineTop(schema) {
    const name = schema.$ref?.slice('#/$defs/'.length);
    if (name === undefined || defs[name] === undefined || converting.has(name)) return schema;
    const { $ref: _ref, ...siblings } = schema;
    return { ...inlineTop(defs[name]), ...siblings };
  }

  return { deref, schema, inlineTop, defs: () => defs };
}

/**
 * `#/components/schemas/Pet` → `Pet`; `pet.yaml` → `pet`; `common.yaml#/Error` → `Error`.
 * @param {string} ref
 */
function nameOf(ref) {
  const [filePart, pointer = ''] = ref.split('#');
  const last = pointer.split('/').filter(Boolean).at(-1);
  const raw = last ? decodeURIComponent(last).replace(/~1/g, '/').replace(/~0/g, '~') : basename(filePart, extname(filePart));
  return raw || 'schema';
}

/**
 * @param {string} name
 * @param {Set<string>} taken
 */
function uniqueName(name, taken) {
  let candidate = name;
  for (let n = 2; taken.has(candidate); n += 1) candidate = `${name}_${n}`;
  taken.add(candidate);
  return candidate;
}

/**
 * @param {Record<string, any>} object
 * @param {string[]} keys
 */
function withoutKeys(object, keys) {
  const copy = { ...object };
  for (const key of keys) delete copy[key];
  return copy;
}

/**
 * OpenAPI 3.0 writes `exclusiveMinimum: true` beside `minimum`; 3.1 (and the subset) write the
 * bound itself.
 * @param {Record<string, any>} source
 * @param {JsonSchema} result
 */
function exclusiveBounds(source, result) {
  for (const [exclusive, inclusive] of /** @type {const} */ ([['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']])) {
    const value = source[exclusive];
    if (typeof value === 'number') result[exclusive] = value;
    else if (value === true && typeof source[inclusive] === 'number') {
      result[exclusive] = source[inclusive];
      delete result[inclusive];
    }
  }
}

/** @param {string} segment */
function escapePointer(segment) {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
