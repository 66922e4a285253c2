// The shapes of the rule tables `pnpm generate` writes from each OpenAPI document
// (`@feedgate/feed-client/rules`, `@feedgate/gateway-client/rules`; tools/rules.mjs).

/** The rule of one query or path parameter: the JSON Schema keywords of its schema (lengths count Unicode code points). */
export interface ParamRule {
  /** Where the parameter goes. */
  readonly in: "query" | "path";
  /** Whether the operation needs it. */
  readonly required: boolean;
  /** JSON Schema `type`. */
  readonly type?: string | readonly string[];
  /** The only values allowed. */
  readonly enum?: readonly unknown[];
  /** The one value allowed. */
  readonly const?: unknown;
  /** Lowest number allowed. */
  readonly minimum?: number;
  /** Highest number allowed. */
  readonly maximum?: number;
  /** Numbers must be greater. */
  readonly exclusiveMinimum?: number;
  /** Numbers must be less. */
  readonly exclusiveMaximum?: number;
  /** Fewest characters, in Unicode code points. */
  readonly minLength?: number;
  /** Most characters, in Unicode code points. */
  readonly maxLength?: number;
  /** A regular expression (ECMA-262, Unicode) the whole value must match. */
  readonly pattern?: string;
  /** A JSON Schema format, e.g. `date` (RFC 3339 full-date). */
  readonly format?: string;
  /** The value the service assumes when the parameter is absent. */
  readonly default?: unknown;
  /** Known values that are not a closed list (the document's `examples`). */
  readonly examples?: readonly unknown[];
}

/** One operation: its HTTP method (lower case), its path template and its parameters by name. */
export interface OperationRule {
  /** HTTP method, lower case. */
  readonly method: string;
  /** Path template, e.g. `/api/v1/stories/{publicId}`. */
  readonly path: string;
  /** Query and path parameters by name. */
  readonly params: Readonly<Record<string, ParamRule>>;
}

/** The rules of an API: its operations by operationId, and the enums of its schemas by name (`Schema.property`). */
export interface ApiRules {
  /** Operations by operationId. */
  readonly operations: Readonly<Record<string, OperationRule>>;
  /** Enums of the component schemas, named `Schema.property.sub` (`[]` for array items). */
  readonly enums: Readonly<Record<string, readonly unknown[]>>;
}
