// The route docs' body, drawn once the Docs panel is open: the summary and description, every
// parameter with its facts, the body schema as a tree and the documented responses. A chunk apart
// from the panel's heading (RouteDocs.tsx), which the first screen draws closed (issue 31).
import type { JsonSchema, RouteInfo, RouteParameter } from '../../../../protocol/types';
import { describeType } from '../../model/json-schema/schema-completion';
import { flattenSchema } from '../../model/json-schema/flatten';
import { RichText } from './RichText';

export default function DocsBody({ route, securityLabels }: { route: RouteInfo; securityLabels: string[] }) {
  // A body given by `$ref` (`NewUser`) or `allOf` is listed by the fields of the schema it names.
  const root = route.schema.body;
  const body = root && flattenSchema(root, root).schema;
  return (
    <div className="kite-docs-body">
      <section aria-label="About this route">
        <h3 className="kite-docs-summary">
          <span className="kite-badge kite-method" data-method={route.methods[0]}>
            {route.methods[0]}
          </span>{' '}
          {route.summary || route.name || route.uri}
        </h3>
        {route.name && route.summary && <p className="kite-muted kite-mono kite-docs-name">{route.name}</p>}
        <RichText source={route.description} />
        {securityLabels.length > 0 && (
          <p className="kite-docs-security">
            <span className="kite-muted">Authorization: </span>
            {securityLabels.join(' · ')}
          </p>
        )}
        {route.security?.length === 0 && <p className="kite-docs-security kite-muted">Authorization: none needed</p>}
      </section>
      {route.parameters.length > 0 && (
        <DocsSection id="kite-docs-parameters" title="Parameters">
          <div className="kite-docs-rows">
            {route.parameters.map((parameter) => (
              <ParameterRow key={`${parameter.in}:${parameter.name}`} parameter={parameter} />
            ))}
          </div>
        </DocsSection>
      )}
      {body && (
        <DocsSection id="kite-docs-body" title="Body" detail={route.bodyContentType}>
          <RichText source={body.description} />
          <div className="kite-docs-rows">
            {body.properties ? <SchemaRows schema={body} root={root} depth={0} /> : <SchemaLine name="body" schema={body} root={root} required={false} depth={0} />}
          </div>
        </DocsSection>
      )}
      {route.responses && route.responses.length > 0 && (
        <DocsSection id="kite-docs-responses" title="Responses">
          <ul className="kite-docs-responses">
            {route.responses.map((response) => (
              <li key={response.status} className="kite-docs-response">
                <span className="kite-status-text kite-docs-status" data-status={statusClass(response.status)}>
                  {response.status}
                </span>
                <span className="kite-docs-response-text">
                  <RichText source={response.description} inline />
                  {response.contentTypes && <span className="kite-muted kite-mono kite-docs-content-type">{response.contentTypes.join(', ')}</span>}
                </span>
                {response.schema && <ResponseShape status={response.status} schema={response.schema} />}
              </li>
            ))}
          </ul>
        </DocsSection>
      )}
    </div>
  );
}

function DocsSection({ id, title, detail, children }: { id: string; title: string; detail?: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h4 id={id} className="kite-section-title">
        {title} {detail && <span className="kite-docs-content-type kite-mono">{detail}</span>}
      </h4>
      {children}
    </section>
  );
}

/**
 * A documented response's JSON body as fields, folded away until asked for (its `$ref`s resolve at
 * its own root). Folded content is out of the accessibility tree, so it never doubles the body's fields.
 */
function ResponseShape({ status, schema }: { status: string; schema: JsonSchema }) {
  const shape = flattenSchema(schema, schema).schema;
  return (
    <details className="kite-docs-response-shape">
      <summary>Shape</summary>
      <div className="kite-docs-rows" role="group" aria-label={`Response ${status} shape`}>
        {shape.properties ? <SchemaRows schema={shape} root={schema} depth={0} /> : <SchemaLine name="body" schema={shape} root={schema} required={false} depth={0} />}
      </div>
    </details>
  );
}

const statusClass = (status: string) => (/^[1-5]/.test(status) ? `${status[0]}xx` : undefined);

function ParameterRow({ parameter }: { parameter: RouteParameter }) {
  const schema = parameter.schema ?? {};
  return (
    <div className="kite-docs-row" role="group" aria-label={`Parameter ${parameter.name}`}>
      <div className="kite-docs-row-head">
        <code className="kite-docs-field">{parameter.name}</code>
        <span className="kite-docs-in">{parameter.in}</span>
        <span className="kite-docs-type kite-mono">{describeType(schema)}</span>
        {parameter.required && <span className="kite-docs-required">required</span>}
      </div>
      <SchemaFacts schema={schema} />
      <RichText source={parameter.description ?? schema.description} />
    </div>
  );
}

/** Nested properties are listed to this depth; deeper objects show their type only. */
const MAX_DEPTH = 4;

/** `root`: the body schema, whose `$defs` the `$ref`s of its fields name. */
function SchemaRows({ schema, root, depth }: { schema: JsonSchema; root: JsonSchema | undefined; depth: number }) {
  const required = new Set(schema.required ?? []);
  return (
    <>
      {Object.entries(schema.properties ?? {}).map(([name, property]) => (
        <SchemaLine key={name} name={name} schema={flattenSchema(property, root).schema} root={root} required={required.has(name)} depth={depth} />
      ))}
    </>
  );
}

function SchemaLine({ name, schema, root, required, depth }: { name: string; schema: JsonSchema; root: JsonSchema | undefined; required: boolean; depth: number }) {
  const items = schema.items && flattenSchema(schema.items, root).schema;
  const nested = schema.properties ? schema : items?.properties ? items : undefined;
  return (
    <>
      <div className="kite-docs-row" role="group" aria-label={`Field ${name}`} style={{ paddingLeft: depth * 16 }}>
        <div className="kite-docs-row-head">
          <code className="kite-docs-field">{name}</code>
          <span className="kite-docs-type kite-mono">{describeType(items ? { ...schema, items } : schema)}</span>
          {required && <span className="kite-docs-required">required</span>}
        </div>
        <SchemaFacts schema={schema} />
        <RichText source={schema.description} />
      </div>
      {nested && depth < MAX_DEPTH && <SchemaRows schema={nested} root={root} depth={depth + 1} />}
    </>
  );
}

/** Constraints, allowed values, default and example, each as a short labelled fact. */
function SchemaFacts({ schema }: { schema: JsonSchema }) {
  const facts: Array<[string, string]> = [];
  if (schema.enum?.length) facts.push(['one of', schema.enum.map((value) => JSON.stringify(value)).join(', ')]);
  if (schema.minimum !== undefined) facts.push(['min', String(schema.minimum)]);
  if (schema.maximum !== undefined) facts.push(['max', String(schema.maximum)]);
  if (schema.minLength !== undefined) facts.push(['min length', String(schema.minLength)]);
  if (schema.maxLength !== undefined) facts.push(['max length', String(schema.maxLength)]);
  if (schema.minItems !== undefined) facts.push(['min items', String(schema.minItems)]);
  if (schema.maxItems !== undefined) facts.push(['max items', String(schema.maxItems)]);
  if (schema.multipleOf !== undefined) facts.push(['multiple of', String(schema.multipleOf)]);
  if (schema.pattern !== undefined) facts.push(['pattern', schema.pattern]);
  if (schema.default !== undefined) facts.push(['default', JSON.stringify(schema.default)]);
  if (schema.example !== undefined) facts.push(['example', JSON.stringify(schema.example)]);
  if (schema.$comment) facts.push(['note', schema.$comment]);
  if (facts.length === 0) return null;
  return (
    <dl className="kite-docs-facts">
      {facts.map(([label, value]) => (
        <div key={label} className="kite-docs-fact">
          <dt>{label}</dt>
          <dd className="kite-mono">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
