// The runtime rule table of an OpenAPI document: what code checks and routes by, read from the
// document so that nothing re-types it by hand. `tools/generate.mjs` writes it next to the
// generated types of each client package (src/generated/rules.ts).
//
// Per operation (by operationId): its method, its path and, per query or path parameter, the
// JSON Schema keywords a validator needs (in, required, type, enum, minimum/maximum,
// minLength/maxLength — which count Unicode code points —, pattern, format, default, examples).
// Plus every enum of the document's component schemas, named `Schema.property.sub` (`[]` for
// array items). Plain data, keys sorted, so the output only changes when the document does.

/** The parameter locations a rule table keeps: headers are the client's business, not the caller's. */
const PARAM_LOCATIONS = ["query", "path"];

/** The schema keywords copied into a parameter's rule, when the schema has them. */
const SCHEMA_KEYWORDS = [
  "type",
  "enum",
  "const",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
  "minLength",
  "maxLength",
  "pattern",
  "format",
  "default",
  "examples",
];

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/**
 * Resolves a local `$ref` (`#/components/...`), following chains. Keywords beside a `$ref` (OpenAPI
 * 3.1, e.g. a parameter's `default` next to a shared enum) apply too; the outermost wins.
 */
function deref(doc, node) {
  let seen = 0;
  let siblings = {};
  while (node && typeof node === "object" && typeof node.$ref === "string") {
    const { $ref: _ref, ...beside } = node;
    siblings = { ...beside, ...siblings };
    if (!node.$ref.startsWith("#/") || ++seen > 32)
      throw new Error(`rules: cannot resolve $ref ${node.$ref}`);
    node = node.$ref
      .slice(2)
      .split("/")
      .map((part) => part.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((at, key) => at?.[key], doc);
    if (node === undefined) throw new Error(`rules: dangling $ref`);
  }
  return Object.keys(siblings).length > 0 && node && typeof node === "object"
    ? { ...node, ...siblings }
    : node;
}

/** A parameter's rule: where it goes, whether it is required, and its schema's checkable keywords. */
function paramRule(doc, param) {
  const schema = deref(doc, param.schema ?? {});
  const rule = { in: param.in, required: param.required === true };
  for (const keyword of SCHEMA_KEYWORDS)
    if (schema[keyword] !== undefined) rule[keyword] = schema[keyword];
  return rule;
}

/** The operations of a document, by operationId: method, path and query/path parameter rules. */
export function operationRules(doc) {
  const operations = {};
  for (const [path, rawItem] of Object.entries(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      if (!op.operationId)
        throw new Error(`rules: ${method.toUpperCase()} ${path} has no operationId`);
      if (operations[op.operationId])
        throw new Error(`rules: operationId ${op.operationId} is used twice`);
      // Operation-level parameters override path-level ones of the same name and location.
      const byKey = new Map();
      for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
        const param = deref(doc, raw);
        byKey.set(`${param.in}:${param.name}`, param);
      }
      const params = {};
      for (const param of byKey.values()) {
        if (!PARAM_LOCATIONS.includes(param.in)) continue;
        if (params[param.name])
          throw new Error(`rules: ${op.operationId} has two parameters named ${param.name}`);
        params[param.name] = paramRule(doc, param);
      }
      operations[op.operationId] = { method, path, params };
    }
  }
  return operations;
}

/** Every enum of the component schemas, named by where it stands (`Item.links.kind`, `Report.flashes[].kind`). */
export function schemaEnums(doc) {
  const enums = {};
  const visiting = new Set();
  const visit = (raw, name) => {
    if (!raw || typeof raw !== "object" || visiting.has(raw)) return;
    // Refs to other components are named there, not again here.
    if (typeof raw.$ref === "string") return;
    visiting.add(raw);
    if (Array.isArray(raw.enum)) {
      let key = name;
      for (
        let n = 2;
        enums[key] !== undefined && JSON.stringify(enums[key]) !== JSON.stringify(raw.enum);
        n++
      )
        key = `${name}#${n}`;
      enums[key] = raw.enum;
    }
    for (const [prop, sub] of Object.entries(raw.properties ?? {})) visit(sub, `${name}.${prop}`);
    if (raw.items) visit(raw.items, `${name}[]`);
    if (raw.additionalProperties && typeof raw.additionalProperties === "object")
      visit(raw.additionalProperties, `${name}.*`);
    for (const keyword of ["allOf", "anyOf", "oneOf"])
      for (const branch of raw[keyword] ?? []) visit(branch, name);
    visiting.delete(raw);
  };
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) visit(schema, name);
  return enums;
}

/** The rule table of a document: `{ operations, enums }`, keys sorted. */
export function rulesOf(doc) {
  return sortKeys({ operations: operationRules(doc), enums: schemaEnums(doc) });
}

/** A copy with every object's keys in sorted order (arrays keep theirs: enum order is the document's). */
function sortKeys(value) {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, sortKeys(value[key])]),
  );
}

/** JSON, one line per value that fits in 120 characters, nested objects indented by two spaces. */
function print(value, indent) {
  const flat = JSON.stringify(value);
  if (value === null || typeof value !== "object" || indent.length + flat.length <= 120)
    return flat;
  const inner = `${indent}  `;
  const lines = Array.isArray(value)
    ? value.map((v) => inner + print(v, inner))
    : Object.entries(value).map(([k, v]) => `${inner}${JSON.stringify(k)}: ${print(v, inner)}`);
  return `${Array.isArray(value) ? "[" : "{"}\n${lines.join(",\n")}\n${indent}${Array.isArray(value) ? "]" : "}"}`;
}

/**
 * The TypeScript module of a rule table: one `as const` export named `name`, checked against
 * `ApiRules` of @feedgate/core (`satisfies`), so a consumer reads literal types.
 * @param {object} doc      the (bundled) OpenAPI document
 * @param {string} name     the export, e.g. FEED_RULES
 * @param {string} header   the generated-file header
 */
export function renderRules(doc, name, header) {
  const table = print(rulesOf(doc), "");
  return (
    header +
    `import type { ApiRules } from "@feedgate/core";\n\n` +
    `/** The operations, parameter rules and schema enums of the document, as data. */\n` +
    `export const ${name} = ${table} as const satisfies ApiRules;\n\n` +
    renderKnownValues(doc)
  );
}

/**
 * The open string parameters of a document: a `type: string` parameter with string `examples`
 * and no `enum` (the feed's `category`: the service may add keys later), by operationId and
 * name, with the examples it gives. Sorted like the rule table.
 */
export function knownValues(doc) {
  const known = {};
  for (const [op, { params }] of Object.entries(operationRules(doc))) {
    for (const [param, rule] of Object.entries(params)) {
      const examples = Array.isArray(rule.examples)
        ? rule.examples.filter((v) => typeof v === "string")
        : [];
      if (rule.type !== "string" || rule.enum !== undefined || examples.length === 0) continue;
      (known[op] ??= {})[param] = examples;
    }
  }
  return sortKeys(known);
}

/**
 * The type of the open string parameters' values (see {@link knownValues}): each one a union of
 * its examples and \`(string & {})\`, so the known values autocomplete and any other string still
 * type-checks.
 */
function renderKnownValues(doc) {
  const entries = Object.entries(knownValues(doc));
  const body = entries
    .map(([op, params]) => {
      const members = Object.entries(params).map(
        ([param, values]) =>
          `    ${JSON.stringify(param)}: ${values.map((v) => JSON.stringify(v)).join(" | ")} | (string & {});`,
      );
      return `  ${JSON.stringify(op)}: {\n${members.join("\n")}\n  };`;
    })
    .join("\n");
  return (
    `/**\n * The values of open string parameters (a string with \`examples\` and no \`enum\`), by operation\n` +
    ` * and parameter: the document's examples autocomplete, and any other string is allowed (the\n * service may add values later).\n */\n` +
    `export type KnownParamValues = ${entries.length > 0 ? `{\n${body}\n}` : "Record<string, never>"};\n`
  );
}
