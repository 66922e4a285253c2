import { createParser, type EventSourceMessage } from "eventsource-parser";
import { operationAt, type Service, specOf } from "./documents.js";
import { driftOf, type Finding, quote, undeclaredOf } from "./findings.js";
import type { SpecValidator } from "./validator.js";

/** One HTTP answer to check: what was asked and what came back. */
export interface Answer {
  method: string;
  /** The path, with or without its query. */
  path: string;
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  body: string;
}

/** The event schema of a stream whose document schema is a plain string (the rest use `contentSchema`). */
const EVENT_SCHEMAS: Record<string, string> = {
  createResponse: "#/components/schemas/ResponseStreamEvent",
};

/** Headers the kit relies on, checked wherever the document declares them for the status. */
const KIT_HEADERS = ["etag", "cache-control", "retry-after"];

/**
 * Checks an answer against its service's document with the one validator: the status, the
 * headers the kit relies on (a poller needs `ETag` and a `Cache-Control` with `s-maxage`), and
 * the body (every event of a stream). Undeclared fields the schema allows are notices.
 */
export function checkAnswer(service: Service, answer: Answer): Finding[] {
  const spec = specOf(service);
  const path = answer.path.split("?")[0] ?? "";
  const operation = operationAt(spec, answer.method, path);
  const at = { operation: operation ?? `${answer.method} ${path}`, status: answer.status };
  const finding = (
    severity: Finding["severity"],
    pointer: string,
    expected: string,
    seen: string,
  ) => [{ ...at, severity, pointer, expected, seen }] satisfies Finding[];
  if (!operation) return finding("notice", "", "an operation of the document", "none");
  const declared = Object.keys(
    spec.operations().find((o) => o.operationId === operation)!.operation["responses"] as object,
  );
  if (!declared.includes(String(answer.status)))
    return finding("drift", "/status", `one of ${declared.join(", ")}`, String(answer.status));
  const response = spec.responseOf(operation, answer.status);
  const headers = Object.keys(response["headers"] ?? {}).map((name) => name.toLowerCase());
  const findings = KIT_HEADERS.filter((name) => headers.includes(name)).flatMap((name) => {
    const value = answer.headers[name];
    if (value === undefined) return finding("drift", `/headers/${name}`, "present", "absent");
    if (name === "cache-control" && !/\bs-maxage=\d+/.test(value))
      return finding("drift", `/headers/${name}`, "s-maxage=<seconds>", quote(value));
    return [];
  });
  const content = (response["content"] ?? {}) as Record<string, unknown>;
  if (Object.keys(content).length === 0) return findings;
  const media = (answer.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!(media in content))
    return [
      ...findings,
      ...finding("drift", "/headers/content-type", Object.keys(content).join(" or "), quote(media)),
    ];
  const schema = spec.schemaPointer(operation, answer.status, media);
  if (media === "text/event-stream") {
    const events = spec.resolve(schema).node["contentSchema"]
      ? `${schema}/contentSchema`
      : EVENT_SCHEMAS[operation];
    return [...findings, ...(events ? eventFindings(spec, events, answer.body, at) : [])];
  }
  let value: unknown = answer.body;
  if (media.includes("json")) {
    try {
      value = JSON.parse(answer.body);
    } catch {
      return [...findings, ...finding("drift", "", "a JSON body", quote(answer.body))];
    }
  }
  const result = spec.validatePointer(schema, value);
  return [
    ...findings,
    ...driftOf(result.errors, value, at),
    ...undeclaredOf(spec, schema, value, at),
  ];
}

/** Every `data:` payload of an event stream, checked against the event schema. */
function eventFindings(
  spec: SpecValidator,
  schema: string,
  body: string,
  at: Pick<Finding, "operation" | "status">,
): Finding[] {
  const events: EventSourceMessage[] = [];
  createParser({ onEvent: (event) => events.push(event) }).feed(`${body}\n\n`);
  return events.flatMap((event, i) => {
    let value: unknown;
    try {
      value = JSON.parse(event.data);
    } catch {
      return [
        {
          ...at,
          severity: "drift",
          pointer: `/events/${i}/data`,
          expected: "JSON",
          seen: quote(event.data),
        },
      ] satisfies Finding[];
    }
    const result = spec.validatePointer(schema, value);
    return [
      ...driftOf(result.errors, value, at, `/events/${i}`),
      ...undeclaredOf(spec, schema, value, at, `/events/${i}`),
    ];
  });
}
