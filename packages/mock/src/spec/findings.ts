import type { ErrorObject } from "ajv";
import { escapePointer, type SpecValidator, valueAt } from "./validator.js";

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

/** A value checked against the schema at a pointer: drift where it is not allowed, notices where undeclared. */
export function findingsOf(
  spec: SpecValidator,
  schema: string,
  value: unknown,
  where: Where,
  base: string,
): Finding[] {
  const { errors } = spec.validatePointer(schema, value);
  return [
    ...driftOf(errors, value, where, base),
    ...undeclaredOf(spec, schema, value, where, base),
  ];
}

/** Validator errors as drift, where they say what is wrong: a failed oneOf/anyOf is named, not its branches. */
function driftOf(errors: ErrorObject[], value: unknown, where: Where, base: string): Finding[] {
  const unions = errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf");
  const inUnion = (e: ErrorObject) =>
    unions.some((u) => u !== e && `${e.instancePath}/`.startsWith(`${u.instancePath}/`));
  return errors
    .filter((e) => !inUnion(e) && e.keyword !== "if")
    .map((e) => {
      const { missingProperty, allowedValues } = e.params as Record<string, unknown>;
      let expected = e.message ?? e.keyword;
      if (missingProperty) expected = "present (required)";
      else if (unions.includes(e)) expected = "one of the declared shapes";
      else if (Array.isArray(allowedValues))
        expected = `one of ${allowedValues.map(quote).join(", ")}`;
      const pointer = `${base}${e.instancePath}${missingProperty ? `/${escapePointer(String(missingProperty))}` : ""}`;
      const seen = missingProperty ? "absent" : quote(valueAt(value, e.instancePath));
      return { ...where, severity: "drift" as const, pointer, expected, seen };
    });
}

/** Fields the document does not declare where it does not forbid them: notices. */
function undeclaredOf(
  spec: SpecValidator,
  schema: string,
  value: unknown,
  where: Where,
  at: string,
): Finding[] {
  const { pointer, node } = spec.resolve(schema);
  if (Array.isArray(value) && node["items"])
    return value.flatMap((v, i) => undeclaredOf(spec, `${pointer}/items`, v, where, `${at}/${i}`));
  if (typeof value !== "object" || value === null || Array.isArray(value)) return [];
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
  if (nodes.every((n) => !n["properties"]) || nodes.some((n) => "additionalProperties" in n))
    return [];
  return Object.entries(value).flatMap(([key, v]): Finding[] => {
    const path = `${at}/${escapePointer(key)}`;
    const i = nodes
      .map((n) => Object.hasOwn((n["properties"] ?? {}) as object, key))
      .lastIndexOf(true);
    if (i >= 0)
      return undeclaredOf(spec, `${layers[i]}/properties/${escapePointer(key)}`, v, where, path);
    return [
      { ...where, severity: "notice", pointer: path, expected: "undeclared", seen: quote(v) },
    ];
  });
}
