import type { ErrorObject } from "ajv";
import type { SpecValidator } from "./validator.js";

/** One difference between an answer and its document. */
export interface Finding {
  /** `drift`: the document does not allow it. `notice`: allowed but undeclared (an extra field). */
  severity: "drift" | "notice";
  /** The operationId (or `METHOD path` when the document has no such operation). */
  operation: string;
  /** The answer's HTTP status. */
  status: number;
  /** JSON pointer into the answer: its body, `/status`, `/headers/<name>` or `/events/<n>/…`. */
  pointer: string;
  expected: string;
  seen: string;
}

type Where = Pick<Finding, "operation" | "status">;

/** A value as a report quotes it: JSON, cut to 80 characters. */
export function quote(value: unknown): string {
  const text = value === undefined ? "absent" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

function valueAt(value: unknown, pointer: string): unknown {
  const keys = pointer.split("/").slice(1);
  return keys.reduce<unknown>(
    (node, key) => (node as Record<string, unknown> | undefined)?.[key.replaceAll("~1", "/")],
    value,
  );
}

/**
 * Validator errors as findings, at the deepest place that says what is wrong: the branches of a
 * failed oneOf/anyOf are left out (the alternative itself is named), a missing property is
 * pointed at where it should be.
 */
export function driftOf(errors: ErrorObject[], value: unknown, where: Where, base = ""): Finding[] {
  const unions = errors.filter((e) => e.keyword === "oneOf" || e.keyword === "anyOf");
  const inUnion = (e: ErrorObject) =>
    unions.some((u) => u !== e && `${e.instancePath}/`.startsWith(`${u.instancePath}/`));
  return errors
    .filter((e) => !inUnion(e) && e.keyword !== "if")
    .map((e) => {
      const missing = e.keyword === "required" ? `/${e.params["missingProperty"]}` : "";
      const seen = valueAt(value, e.instancePath);
      const expected =
        e.keyword === "required"
          ? "present (required)"
          : e.keyword === "enum"
            ? `one of ${(e.params["allowedValues"] as unknown[]).map((v) => quote(v)).join(", ")}`
            : e.keyword === "oneOf" || e.keyword === "anyOf"
              ? "one of the declared shapes"
              : (e.message ?? e.keyword);
      return {
        ...where,
        severity: "drift",
        pointer: `${base}${e.instancePath}${missing}`,
        expected,
        seen: missing ? "absent" : quote(seen),
      } satisfies Finding;
    });
}

/** Fields the document does not declare (where it does not forbid them): notices. */
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
  // The node and the oneOf/anyOf branch the value matches both declare properties.
  const layers = [pointer];
  for (const union of ["oneOf", "anyOf"]) {
    const branches = (node[union] as unknown[] | undefined) ?? [];
    const index = branches.findIndex(
      (_, i) => spec.validatePointer(`${pointer}/${union}/${i}`, value).valid,
    );
    if (index >= 0) layers.push(spec.resolve(`${pointer}/${union}/${index}`).pointer);
  }
  const nodes = layers.map((at) => spec.resolve(at).node);
  if (
    nodes.every((n) => !n["properties"]) ||
    nodes.some((n) => n["additionalProperties"] !== undefined)
  )
    return [];
  return Object.entries(value).flatMap(([key, v]) => {
    const escaped = key.replaceAll("~", "~0").replaceAll("/", "~1");
    const path = `${at}/${escaped}`;
    const i = nodes
      .map((n) => Object.hasOwn((n["properties"] ?? {}) as object, key))
      .lastIndexOf(true);
    if (i >= 0) return undeclaredOf(spec, `${layers[i]}/properties/${escaped}`, v, where, path);
    return [
      { ...where, severity: "notice", pointer: path, expected: "undeclared", seen: quote(v) },
    ];
  });
}
