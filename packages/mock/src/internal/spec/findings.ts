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

/** A value as a report quotes it: JSON, cut to 80 characters. */
export function quote(value: unknown): string {
  const text = value === undefined ? "absent" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
}

/**
 * The findings of a value at a JSON pointer of the answer (`base`) against the schema at a pointer
 * of the document: drift where the validator names what is wrong (a failed oneOf/anyOf, not its
 * branches), notices for fields the document does not declare where it does not forbid them.
 */
export function findingsOf(spec: SpecValidator, where: Pick<Finding, "operation" | "status">) {
  const drift = (errors: ErrorObject[], value: unknown, base: string): Finding[] => {
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
        const missing = missingProperty ? `/${escapePointer(String(missingProperty))}` : "";
        const seen = missingProperty ? "absent" : quote(valueAt(value, e.instancePath));
        const pointer = `${base}${e.instancePath}${missing}`;
        return { ...where, severity: "drift" as const, pointer, expected, seen };
      });
  };
  const undeclared = (schema: string, value: unknown, at: string): Finding[] => {
    const { pointer, node } = spec.resolve(schema);
    if (Array.isArray(value))
      return node["items"]
        ? value.flatMap((v, i) => undeclared(`${pointer}/items`, v, `${at}/${i}`))
        : [];
    if (typeof value !== "object" || value === null) return [];
    // A node and the oneOf/anyOf branch the value matches may both declare properties.
    const layers = [{ pointer, node }];
    for (const union of ["oneOf", "anyOf"]) {
      const branches = (node[union] as unknown[] | undefined) ?? [];
      const at = (i: number) => `${pointer}/${union}/${i}`;
      const i = branches.findIndex((_, i) => spec.validatePointer(at(i), value).valid);
      if (i >= 0) layers.push(spec.resolve(at(i)));
    }
    const properties = layers.map((l) => (l.node["properties"] ?? {}) as object);
    const open = layers.some((l) => "additionalProperties" in l.node);
    if (open || layers.every((l) => !l.node["properties"])) return [];
    return Object.entries(value).flatMap(([key, v]): Finding[] => {
      const path = `${at}/${escapePointer(key)}`;
      const i = properties.map((p) => Object.hasOwn(p, key)).lastIndexOf(true);
      if (i >= 0)
        return undeclared(`${layers[i]!.pointer}/properties/${escapePointer(key)}`, v, path);
      return [
        { ...where, severity: "notice", pointer: path, expected: "undeclared", seen: quote(v) },
      ];
    });
  };
  return (schema: string, value: unknown, base: string) => [
    ...drift(spec.validatePointer(schema, value).errors, value, base),
    ...undeclared(schema, value, base),
  ];
}
