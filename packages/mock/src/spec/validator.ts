import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** A JSON object of the document. */
export type Json = Record<string, unknown>;

/** An OpenAPI 3.1 document and the JSON Schema 2020-12 validator of its schemas (the contract tests' own). */
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
  /** Where a response body's schema is: a JSON pointer into the document. */
  schemaPointer(operationId: string, status: number | string, mediaType?: string): string;
  /** The node at a JSON pointer (`#/…`), `$ref`s followed, with the pointer it was found at. */
  resolve(pointer: string): { pointer: string; node: Json };
  /** Every operation: id, method (lower case), path template and the operation object. */
  operations(): SpecOperation[];
}

/** An operation of the document: id, method (lower case), path template, the operation object. */
export type SpecOperation = { operationId: string; method: string; path: string; operation: Json };

/** What a validation found. */
export interface ValidationResult {
  /** Whether the value is valid. */
  valid: boolean;
  /** Ajv's errors. */
  errors: ErrorObject[];
  /** One line per error, for assertion messages. */
  text: string;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];

/** A key as a JSON pointer segment. */
export const escapePointer = (key: string) => key.replaceAll("~", "~0").replaceAll("/", "~1");

/** What a JSON pointer (`/a/b`) points to in a value, or undefined. */
export const valueAt = (value: unknown, pointer: string): unknown =>
  pointer
    .split("/")
    .slice(1)
    .reduce<unknown>(
      (node, key) => (node as Json | undefined)?.[key.replaceAll("~1", "/").replaceAll("~0", "~")],
      value,
    );

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

  const operations = () =>
    Object.entries((document["paths"] ?? {}) as Record<string, Json>).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item[method]).map((method) => {
        const operation = item[method] as Json;
        return { operationId: String(operation["operationId"]), method, path, operation };
      }),
    );
  const resolve = (pointer: string): { pointer: string; node: Json } => {
    const node = valueAt(document, pointer.slice(1)) as Json;
    return typeof node["$ref"] === "string" ? resolve(node["$ref"]) : { pointer, node };
  };
  const responseAt = (operationId: string, status: number | string) => {
    const found = operations().find((o) => o.operationId === operationId);
    if (!found) throw new Error(`no operation "${operationId}" in ${path}`);
    if (!(found.operation["responses"] as Json)[String(status)])
      throw new Error(`${operationId} declares no ${status} response`);
    return resolve(`#/paths/${escapePointer(found.path)}/${found.method}/responses/${status}`);
  };

  const validatePointer = (pointer: string, value: unknown): ValidationResult => {
    const validate = compiled.get(pointer) ?? ajv.compile({ $ref: `${id}${pointer}` });
    compiled.set(pointer, validate);
    const valid = validate(value) as boolean;
    const errors = validate.errors ?? [];
    const text = errors.map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`).join("\n");
    return { valid, errors, text };
  };
  const schemaPointer = (
    operationId: string,
    status: number | string,
    mediaType = "application/json",
  ) => {
    const { pointer, node } = responseAt(operationId, status);
    if (!(node["content"] as Json | undefined)?.[mediaType])
      throw new Error(`${operationId} ${status} has no ${mediaType} content`);
    return `${pointer}/content/${escapePointer(mediaType)}/schema`;
  };

  return {
    document,
    validatePointer,
    operations,
    resolve,
    schemaPointer,
    responseOf: (operationId, status) => responseAt(operationId, status).node,
    validateResponse: (operationId, status, value, mediaType) =>
      validatePointer(schemaPointer(operationId, status, mediaType), value),
  };
}
