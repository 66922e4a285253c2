// Structural diff of two OpenAPI 3.x documents, from a client's point of view.
// Every change is classified:
//   breaking      a client generated from the old document can fail against the new one
//   compatible    old clients keep working (new optional things, new statuses, ...)
// The feed is a read-only API, so component schemas are treated as response shapes: a
// removed or re-typed property breaks readers, a new property does not.

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** Resolves a local $ref ("#/components/...") once; other nodes are returned as they are. */
function deref(doc, node) {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === "string" && hops < 20; hops++) {
    current = current.$ref
      .slice(2)
      .split("/")
      .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce((n, key) => n?.[key], doc);
  }
  return current;
}

function operations(doc) {
  const out = new Map();
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const method of METHODS) {
      if (item?.[method])
        out.set(`${method.toUpperCase()} ${path}`, { path, method, op: item[method], item });
    }
  }
  return out;
}

function parameters(doc, { op, item }) {
  const out = new Map();
  for (const raw of [...(item.parameters ?? []), ...(op.parameters ?? [])]) {
    const p = deref(doc, raw);
    if (p?.name) out.set(`${p.in}:${p.name}`, p);
  }
  return out;
}

/** A short, comparable description of a schema's type. */
function typeOf(doc, schema) {
  const s = deref(doc, schema) ?? {};
  if (schema?.$ref) return schema.$ref.split("/").pop();
  if (s.const !== undefined) return `const ${JSON.stringify(s.const)}`;
  const types = Array.isArray(s.type) ? [...s.type].sort().join("|") : (s.type ?? "");
  const composite = ["oneOf", "anyOf", "allOf"].find((k) => Array.isArray(s[k]));
  if (composite)
    return `${composite}(${s[composite].map((x) => typeOf(doc, x)).join(",")})${types ? ` ${types}` : ""}`;
  if (types === "array") return `array<${typeOf(doc, s.items)}>`;
  return types || "any";
}

const enumOf = (doc, schema) => {
  const s = deref(doc, schema) ?? {};
  return Array.isArray(s.enum) ? s.enum.map((v) => JSON.stringify(v)) : undefined;
};

/**
 * @returns {{ breaking: string[], compatible: string[] }}
 */
export function diffSpecs(before, after) {
  const breaking = [];
  const compatible = [];
  const opsBefore = operations(before);
  const opsAfter = operations(after);

  for (const key of opsBefore.keys())
    if (!opsAfter.has(key)) breaking.push(`operation removed: ${key}`);
  for (const key of opsAfter.keys())
    if (!opsBefore.has(key)) compatible.push(`operation added: ${key}`);

  for (const [key, old] of opsBefore) {
    const now = opsAfter.get(key);
    if (!now) continue;
    if (old.op.operationId !== now.op.operationId) {
      breaking.push(`${key}: operationId ${old.op.operationId} -> ${now.op.operationId}`);
    }
    const pOld = parameters(before, old);
    const pNew = parameters(after, now);
    for (const [name, p] of pOld) {
      const q = pNew.get(name);
      if (!q) {
        breaking.push(`${key}: parameter removed: ${name}`);
        continue;
      }
      if (!p.required && q.required) breaking.push(`${key}: parameter became required: ${name}`);
      if (p.required && !q.required) compatible.push(`${key}: parameter became optional: ${name}`);
      const tOld = typeOf(before, p.schema);
      const tNew = typeOf(after, q.schema);
      if (tOld !== tNew) breaking.push(`${key}: parameter ${name} type ${tOld} -> ${tNew}`);
      const eOld = enumOf(before, p.schema);
      const eNew = enumOf(after, q.schema);
      if (eOld && eNew) {
        const removed = eOld.filter((v) => !eNew.includes(v));
        const added = eNew.filter((v) => !eOld.includes(v));
        if (removed.length)
          breaking.push(`${key}: parameter ${name} enum values removed: ${removed.join(", ")}`);
        if (added.length)
          compatible.push(`${key}: parameter ${name} enum values added: ${added.join(", ")}`);
      }
      for (const bound of ["minimum", "maximum", "minLength", "maxLength", "default"]) {
        const a = deref(before, p.schema)?.[bound];
        const b = deref(after, q.schema)?.[bound];
        if (JSON.stringify(a) !== JSON.stringify(b)) {
          const lower = bound === "minimum" || bound === "minLength";
          const upper = bound === "maximum" || bound === "maxLength";
          const tighter =
            (lower && (b ?? -Infinity) > (a ?? -Infinity)) ||
            (upper && (b ?? Infinity) < (a ?? Infinity));
          (tighter ? breaking : compatible).push(
            `${key}: parameter ${name} ${bound} ${a ?? "none"} -> ${b ?? "none"}`,
          );
        }
      }
    }
    for (const [name, q] of pNew) {
      if (pOld.has(name)) continue;
      (q.required ? breaking : compatible).push(
        `${key}: parameter added${q.required ? " (required)" : ""}: ${name}`,
      );
    }
    const sOld = Object.keys(old.op.responses ?? {});
    const sNew = Object.keys(now.op.responses ?? {});
    for (const s of sOld)
      if (!sNew.includes(s)) breaking.push(`${key}: response status removed: ${s}`);
    for (const s of sNew)
      if (!sOld.includes(s)) compatible.push(`${key}: response status added: ${s}`);
  }

  const schemasBefore = before.components?.schemas ?? {};
  const schemasAfter = after.components?.schemas ?? {};
  for (const name of Object.keys(schemasBefore)) {
    if (!(name in schemasAfter)) breaking.push(`schema removed: ${name}`);
  }
  for (const name of Object.keys(schemasAfter)) {
    if (!(name in schemasBefore)) compatible.push(`schema added: ${name}`);
  }
  for (const [name, old] of Object.entries(schemasBefore)) {
    const now = schemasAfter[name];
    if (!now) continue;
    const propsOld = old.properties ?? {};
    const propsNew = now.properties ?? {};
    const reqOld = old.required ?? [];
    const reqNew = now.required ?? [];
    for (const prop of Object.keys(propsOld)) {
      if (!(prop in propsNew)) {
        breaking.push(`schema ${name}: property removed: ${prop}`);
        continue;
      }
      const tOld = typeOf(before, propsOld[prop]);
      const tNew = typeOf(after, propsNew[prop]);
      if (tOld !== tNew) breaking.push(`schema ${name}.${prop}: type ${tOld} -> ${tNew}`);
      const eOld = enumOf(before, propsOld[prop]);
      const eNew = enumOf(after, propsNew[prop]);
      if (eOld && eNew) {
        const added = eNew.filter((v) => !eOld.includes(v));
        const removed = eOld.filter((v) => !eNew.includes(v));
        // A new value in a response enum breaks clients that switch over it exhaustively.
        if (added.length)
          breaking.push(`schema ${name}.${prop}: enum values added: ${added.join(", ")}`);
        if (removed.length)
          compatible.push(`schema ${name}.${prop}: enum values removed: ${removed.join(", ")}`);
      }
      if (reqOld.includes(prop) && !reqNew.includes(prop))
        breaking.push(`schema ${name}.${prop}: no longer required`);
      if (!reqOld.includes(prop) && reqNew.includes(prop))
        compatible.push(`schema ${name}.${prop}: now required`);
    }
    for (const prop of Object.keys(propsNew)) {
      if (!(prop in propsOld))
        compatible.push(
          `schema ${name}: property added: ${prop}${reqNew.includes(prop) ? " (required)" : ""}`,
        );
    }
  }
  return { breaking, compatible };
}

/** Human-readable report of a diff. */
export function formatDiff(
  { breaking, compatible },
  { before = "vendored", after = "fetched" } = {},
) {
  if (!breaking.length && !compatible.length)
    return `No structural differences between the ${before} and the ${after} document.`;
  const lines = [];
  if (breaking.length) {
    lines.push(
      `BREAKING for clients (${breaking.length}) — a major version of the generated packages:`,
    );
    for (const change of breaking) lines.push(`  ✗ ${change}`);
  }
  if (compatible.length) {
    lines.push(`Compatible (${compatible.length}) — a minor version:`);
    for (const change of compatible) lines.push(`  + ${change}`);
  }
  return lines.join("\n");
}
