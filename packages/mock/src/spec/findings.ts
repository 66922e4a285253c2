import type { ErrorObject } from "ajv";
import type { SpecValidator } from "./validator.js";

/** One difference between an answer and its document. */
export interface Finding {
  /** `drift`: the document does not allow it. `notice`: allowed but undeclared (an extra field). */
  severity: "drift" | "notice";
  /** The operationId (`METHOD path` when the document has none there). */
  operation: string;
  /** The answer's HTTP status. */
  status: number;
  /** JSON pointer into the answer: its body, `/status`, `/headers/<name>` or `/events/<n>/…`. */
  pointer: string;
  /** What the document expects there. */
  expected: string;
  /** What the answer has there (JSON, cut to 80 characters), or `absent`. */
  seen: string;
}

type Where = Pick<Finding, "operation" | "status">;

/** A value as a report quotes it: JSON, cut to 80 characters. */
export function quote(value: unknown): string {
  const text = value === undefined ? "absent" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

const escapeKey = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");
const valueAt = (value: unknown, pointer: string) =>
  pointer
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (node, key) =>
        (node as Record<string, unknown>)?.[key.replaceAll("~1", "/").replaceAll("~0", "~")],
      value,
    );

/** Validator errors as drift, where they say what is wrong: a failed oneOf/anyOf is named, not its branches. */
export function driftOf(errors: ErrorObject[], value: unknown, where: Where, base = ""): Finding[] {
  const unions = errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf");
  const inUnion = (e: ErrorObject) =>
    unions.some((u) => u !== e && `${e.instancePath}/`.startsWith(`${u.instancePath}/`));
  return errors
    .filter((e) => !inUnion(e) && e.keyword !== "if")
    .map((e) => {
      const { missingProperty, allowedValues } = e.params as Record<string, unknown>;
      const allowed = allowedValues as unknown[] | undefined;
      let expected = e.message ?? e.keyword;
      if (missingProperty) expected = "present (required)";
      else if (unions.includes(e)) expected = "one of the declared shapes";
      else if (allowed) expected = `one of ${allowed.map((v) => quote(v)).join(", ")}`;
      const pointer = `${base}${e.instancePath}${missingProperty ? `/${escapeKey(String(missingProperty))}` : ""}`;
      const seen = missingProperty ? "absent" : quote(valueAt(value, e.instancePath));
      return { ...where, severity: "drift" as const, pointer, expected, seen };
    });
}

/** Fields the document does not declare where it does not forbid them: notices. */
export function undeclaredOf(
  spec: SpecValidator,
  schema: string,
  value: unknown,
  where: Where,
  at = "",
): Finding[] {
  const { pointer, node } = spec.resolve(schema);
  if (Array.isArray(value))
    return node["items"]
      ? value.flatMap((v, i) => undeclaredOf(spec, `${pointer}/items`, v, where, `${at}/${i}`))
      : [];
  if (typeof value !== "object" || value === null) return [];
  // A node and the oneOf/anyOf branch the value matches may both declare properties.
  const layers = [pointer];
  for (const union of ["oneOf", "anyOf"]) {
    const branches = (node[union] as unknown[] | undefined) ?? [];
    const i = branches.findIndex(
      (_, i) => spec.validatePointer(`${pointer}/${union}/${i}`, value).valid,
    );
    if (i >= 0) layers.push(spec.resolve(`${pointer}/${union}/${i}`).pointer);
  }
  const nodes = layers.map((layer) => spec.resolve(layer).node);
  if (
    nodes.every((n) => !n["properties"]) ||
    nodes.some((n) => n["additionalProperties"] !== undefined)
  )
    return [];
  return Object.entries(value).flatMap(([key, v]): Finding[] => {
    const path = `${at}/${escapeKey(key)}`;
    const i = nodes
      .map((n) => Object.hasOwn((n["properties"] ?? {}) as object, key))
      .lastIndexOf(true);
    if (i >= 0)
      return undeclaredOf(spec, `${layers[i]}/properties/${escapeKey(key)}`, v, where, path);
    return [
      { ...where, severity: "notice", pointer: path, expected: "undeclared", seen: quote(v) },
    ];
  });
}
