import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Json = Record<string, unknown>;

export interface SpecValidator {
  /** The parsed document. */
  readonly document: Json;
  /** Validates a body against a JSON pointer into the document (e.g. "#/components/schemas/Item"). */
  validatePointer(pointer: string, value: unknown): ValidationResult;
  /** Validates a response body against operation `operationId`, status and media type. */
  validateResponse(
    operationId: string,
    status: number | string,
    value: unknown,
    mediaType?: string,
  ): ValidationResult;
  /** The response object (headers, content) an operation declares for a status. */
  responseOf(operationId: string, status: number | string): Json;
  /** Every operation: id, method, path. */
  operations(): Array<{ operationId: string; method: string; path: string; operation: Json }>;
}

export interface ValidationResult {
  valid: boolean;
  errors: ErrorObject[];
  /** One line per error, for assertion messages. */
  text: string;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

function escapePointer(segment: string): string {
  return segment.replaceAll("~", "~0").replaceAll("/", "~1");
}

/** Loads an OpenAPI 3.1 document and validates values against it with JSON Schema 2020-12. */
export function loadSpec(path: string): SpecValidator {
  const document = JSON.parse(readFileSync(path, "utf8")) as Json;
  const id = "https://feedgate.invalid/spec.json";
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  addFormats(ajv);
  // OpenAPI keywords that are not JSON Schema vocabulary.
  for (const keyword of ["example", "discriminator", "xml", "externalDocs"])
    ajv.addKeyword(keyword);
  ajv.addSchema({ ...document, $id: id });
  const compiled = new Map<string, ValidateFunction>();

  const operations = () => {
    const out: Array<{ operationId: string; method: string; path: string; operation: Json }> = [];
    for (const [path, item] of Object.entries((document["paths"] ?? {}) as Record<string, Json>)) {
      for (const method of HTTP_METHODS) {
        const operation = item[method] as Json | undefined;
        if (operation)
          out.push({ operationId: String(operation["operationId"]), method, path, operation });
      }
    }
    return out;
  };

  const find = (operationId: string) => {
    const found = operations().find((o) => o.operationId === operationId);
    if (!found) throw new Error(`no operation "${operationId}" in ${path}`);
    return found;
  };

  const deref = (value: Json): Json => {
    let current = value;
    while (typeof current["$ref"] === "string") {
      const ref = current["$ref"] as string;
      current = ref
        .slice(2)
        .split("/")
        .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
        .reduce<Json>((node, key) => node[key] as Json, document);
    }
    return current;
  };

  const validatePointer = (pointer: string, value: unknown): ValidationResult => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `${id}${pointer}` });
      compiled.set(pointer, validate);
    }
    const valid = validate(value) as boolean;
    const errors = validate.errors ?? [];
    return {
      valid,
      errors,
      text: errors.map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`).join("\n"),
    };
  };

  const responseOf = (operationId: string, status: number | string) => {
    const { operation } = find(operationId);
    const responses = operation["responses"] as Record<string, Json>;
    const response = responses[String(status)];
    if (!response) throw new Error(`${operationId} declares no ${status} response`);
    return deref(response);
  };

  return {
    document,
    validatePointer,
    responseOf,
    operations,
    validateResponse(operationId, status, value, mediaType = "application/json") {
      const { method, path: opPath, operation } = find(operationId);
      const responses = operation["responses"] as Record<string, Json>;
      let pointer = `#/paths/${escapePointer(opPath)}/${method}/responses/${status}`;
      let response = responses[String(status)];
      if (!response) throw new Error(`${operationId} declares no ${status} response`);
      if (typeof response["$ref"] === "string") {
        pointer = response["$ref"] as string;
        response = deref(response);
      }
      const content = response["content"] as Record<string, unknown> | undefined;
      if (!content?.[mediaType])
        throw new Error(`${operationId} ${status} has no ${mediaType} content`);
      return validatePointer(`${pointer}/content/${escapePointer(mediaType)}/schema`, value);
    },
  };
}
