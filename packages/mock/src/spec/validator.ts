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
  /** Every response an operation declares, by status. */
  responsesOf(operationId: string): Record<string, Json>;
  /** The response object (headers, content) an operation declares for a status. */
  responseOf(operationId: string, status: number | string): Json;
  /** Where a response body's schema is: a JSON pointer into the document. */
  schemaPointer(operationId: string, status: number | string, mediaType?: string): string;
  /** The node at a JSON pointer, `$ref`s followed, with the pointer it was found at. */
  resolve(pointer: string): SpecNode;
  /** Every operation: id, method, path. */
  operations(): SpecOperation[];
}

/** A node of the document and the pointer it is at. */
export interface SpecNode {
  /** Its JSON pointer (`#/…`). */
  pointer: string;
  /** The node. */
  node: Json;
}

/** An operation of the document. */
export interface SpecOperation {
  /** Its operationId. */
  operationId: string;
  /** Its method, lower case. */
  method: string;
  /** Its path template. */
  path: string;
  /** The operation object. */
  operation: Json;
}

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
    const out: SpecOperation[] = [];
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

  const nodeAt = (pointer: string): Json =>
    pointer
      .slice(2)
      .split("/")
      .filter((s) => s !== "")
      .map((s) => s.replaceAll("~1", "/").replaceAll("~0", "~"))
      .reduce<Json>((node, key) => node[key] as Json, document);
  const resolve = (start: string) => {
    let pointer = start;
    let node = nodeAt(pointer);
    while (typeof node["$ref"] === "string") {
      pointer = node["$ref"] as string;
      node = nodeAt(pointer);
    }
    return { pointer, node };
  };
  const deref = (value: Json): Json =>
    typeof value["$ref"] === "string" ? resolve(value["$ref"] as string).node : value;

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

  const responsesOf = (operationId: string) =>
    find(operationId).operation["responses"] as Record<string, Json>;
  const responseOf = (operationId: string, status: number | string) => {
    const response = responsesOf(operationId)[String(status)];
    if (!response) throw new Error(`${operationId} declares no ${status} response`);
    return deref(response);
  };

  const schemaPointer = (
    operationId: string,
    status: number | string,
    mediaType = "application/json",
  ) => {
    const { method, path: opPath } = find(operationId);
    responseOf(operationId, status);
    const at = resolve(`#/paths/${escapePointer(opPath)}/${method}/responses/${status}`);
    const content = at.node["content"] as Record<string, unknown> | undefined;
    if (!content?.[mediaType])
      throw new Error(`${operationId} ${status} has no ${mediaType} content`);
    return `${at.pointer}/content/${escapePointer(mediaType)}/schema`;
  };

  return {
    document,
    validatePointer,
    responseOf,
    responsesOf,
    operations,
    resolve,
    schemaPointer,
    validateResponse: (operationId, status, value, mediaType) =>
      validatePointer(schemaPointer(operationId, status, mediaType), value),
  };
}
