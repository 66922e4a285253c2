import { readFileSync } from "node:fs";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";

// ajv-formats is CommonJS: under NodeNext its default import is the module object.
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

/** A JSON object of the document. */
export type Json = Record<string, unknown>;

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
export const loadSpec = (path: string): SpecValidator => new SpecValidator(path);

/** An OpenAPI 3.1 document and the JSON Schema 2020-12 validator of its schemas (the contract tests' own). */
export class SpecValidator {
  /** The parsed document. */
  readonly document: Json;
  readonly #id = "https://feedgate.invalid/spec.json";
  readonly #ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
  readonly #compiled = new Map<string, ValidateFunction>();

  /** Reads the document at `path`. */
  constructor(private readonly path: string) {
    this.document = JSON.parse(readFileSync(path, "utf8")) as Json;
    addFormats(this.#ajv);
    // OpenAPI keywords that are not JSON Schema vocabulary.
    for (const keyword of ["example", "discriminator", "xml", "externalDocs"])
      this.#ajv.addKeyword(keyword);
    this.#ajv.addSchema({ ...this.document, $id: this.#id });
  }

  /** Every operation: id, method (lower case), path template and the operation object. */
  operations(): SpecOperation[] {
    const paths = (this.document["paths"] ?? {}) as Record<string, Json>;
    return Object.entries(paths).flatMap(([path, item]) =>
      HTTP_METHODS.filter((method) => item[method]).map((method) => {
        const operation = item[method] as Json;
        return { operationId: String(operation["operationId"]), method, path, operation };
      }),
    );
  }

  /** The node at a JSON pointer (`#/…`), `$ref`s followed, with the pointer it was found at. */
  resolve(pointer: string): {
    /** The pointer the node was found at. */
    pointer: string;
    /** The node. */
    node: Json;
  } {
    const node = valueAt(this.document, pointer.slice(1)) as Json;
    return typeof node["$ref"] === "string" ? this.resolve(node["$ref"]) : { pointer, node };
  }

  /** The response object (headers, content) an operation declares for a status. */
  responseOf(operationId: string, status: number | string): Json {
    return this.#responseAt(operationId, status).node;
  }

  /** Where a response body's schema is: a JSON pointer into the document. */
  schemaPointer(operationId: string, status: number | string, mediaType = "application/json") {
    const { pointer, node } = this.#responseAt(operationId, status);
    if (!(node["content"] as Json | undefined)?.[mediaType])
      throw new Error(`${operationId} ${status} has no ${mediaType} content`);
    return `${pointer}/content/${escapePointer(mediaType)}/schema`;
  }

  /** Validates a body against a JSON pointer into the document (e.g. "#/components/schemas/Item"). */
  validatePointer(pointer: string, value: unknown): ValidationResult {
    const validate = this.#compiled.get(pointer) ?? this.#ajv.compile({ $ref: this.#id + pointer });
    this.#compiled.set(pointer, validate);
    const valid = validate(value) as boolean;
    const errors = validate.errors ?? [];
    const text = errors.map((e) => `${e.instancePath || "/"} ${e.message ?? ""}`).join("\n");
    return { valid, errors, text };
  }

  /** Validates a response body against operation `operationId`, status and media type. */
  validateResponse(
    operationId: string,
    status: number | string,
    value: unknown,
    mediaType?: string,
  ) {
    return this.validatePointer(this.schemaPointer(operationId, status, mediaType), value);
  }

  #responseAt(operationId: string, status: number | string) {
    const found = this.operations().find((o) => o.operationId === operationId);
    if (!found) throw new Error(`no operation "${operationId}" in ${this.path}`);
    if (!(found.operation["responses"] as Json)[String(status)])
      throw new Error(`${operationId} declares no ${status} response`);
    return this.resolve(`#/paths/${escapePointer(found.path)}/${found.method}/responses/${status}`);
  }
}
