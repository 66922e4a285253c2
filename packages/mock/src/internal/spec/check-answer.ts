import { createParser } from "eventsource-parser";
import { operationAt, type Service, specOf } from "./documents.js";
import { type Finding, findingsOf, quote } from "./findings.js";
import type { Json } from "./validator.js";

/** One HTTP answer to check: what was asked (path with or without its query) and what came back. */
export interface Answer {
  /** The request's method. */
  method: string;
  /** The request's path (a query is ignored). */
  path: string;
  /** The answer's status. */
  status: number;
  /** The answer's headers, names in lower case. */
  headers: Record<string, string>;
  /** The answer's body as text. */
  body: string;
}

/** The event schema of a stream whose document schema is a plain string (the others use `contentSchema`). */
const EVENT_SCHEMAS: Record<string, string> = {
  createResponse: "#/components/schemas/ResponseStreamEvent",
};

/** Headers the kit relies on, checked wherever the document declares them for the status. */
const KIT_HEADERS = ["etag", "cache-control", "retry-after"];

/**
 * Checks an answer against its service's document with the one validator: the status, the
 * headers the kit relies on (a poller needs `ETag`, and `Cache-Control` with `s-maxage`) and the
 * body, every event of a stream. Fields the schema allows but does not declare are notices.
 */
export function checkAnswer(service: Service, answer: Answer): Finding[] {
  const spec = specOf(service);
  const path = answer.path.split("?")[0]!;
  const found = operationAt(service, answer.method, path);
  const operation = found ?? `${answer.method} ${path}`;
  const at = { operation, status: answer.status };
  type Severity = Finding["severity"];
  const drift = (pointer: string, expected: string, seen: string, severity: Severity = "drift") =>
    ({ ...at, severity, pointer, expected, seen }) satisfies Finding;
  if (!found) return [drift("", "an operation", "none", "notice")];
  const declared = spec.operations().find((o) => o.operationId === found)!.operation;
  const statuses = Object.keys(declared["responses"] as Json);
  if (!statuses.includes(String(answer.status)))
    return [drift("/status", `one of ${statuses.join(", ")}`, String(answer.status))];
  const response = spec.responseOf(operation, answer.status);
  const headers = Object.keys(response["headers"] ?? {}).map((name) => name.toLowerCase());
  const findings: Finding[] = KIT_HEADERS.filter((name) => headers.includes(name)).flatMap(
    (name) => {
      const value = answer.headers[name];
      if (value === undefined) return [drift(`/headers/${name}`, "present", "absent")];
      if (name !== "cache-control" || /\bs-maxage=\d+/.test(value)) return [];
      return [drift(`/headers/${name}`, "s-maxage=<seconds>", quote(value))];
    },
  );
  const content = (response["content"] ?? {}) as Json;
  const media = (answer.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (Object.keys(content).length === 0) return findings;
  if (!(media in content))
    return [
      ...findings,
      drift("/headers/content-type", Object.keys(content).join(" or "), quote(media)),
    ];
  let schema = spec.schemaPointer(operation, answer.status, media);
  // What is validated: the body, or each `data:` payload of a stream, with the pointer it is at.
  let values: Array<[string, string]> = [["", answer.body]];
  if (media === "text/event-stream") {
    const { node } = spec.resolve(schema);
    schema = node["contentSchema"] ? `${schema}/contentSchema` : EVENT_SCHEMAS[operation]!;
    values = [];
    createParser({ onEvent: (e) => values.push([`/events/${values.length}`, e.data]) }).feed(
      `${answer.body}\n\n`,
    );
  }
  const check = findingsOf(spec, at);
  for (const [base, text] of values) {
    let value: unknown = text;
    try {
      if (/json|event-stream/.test(media)) value = JSON.parse(text);
    } catch {
      findings.push(drift(base, "JSON", quote(text)));
      continue;
    }
    findings.push(...check(schema, value, base));
  }
  return findings;
}
