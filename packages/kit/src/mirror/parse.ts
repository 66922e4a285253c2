import { createError, type FeedgateError } from "@feedgate/core";
import type { MirrorChange, SelectedItem } from "../internal/store/types.js";

/** What the mirror uses of a snapshot page. */
export interface SnapshotBody {
  cursor: string;
  hasMore: boolean;
  nextPage: string | null;
  items: SelectedItem[];
  /** Ids of the items skipped: nested too deep to store. */
  skipped: string[];
}

/** What the mirror uses of a changes page. */
export interface ChangesBody {
  cursor: string;
  hasMore: boolean;
  changes: MirrorChange[];
  skipped: string[];
}

/**
 * Whether `value` nests over `room` more levels (64 from an item), which no store could write
 * (JSON.stringify overflows near 5,000). Recursion no deeper than that; `for…in` and no
 * primitive visited: this runs on every item of every page.
 */
function tooDeep(value: object, room = 64): boolean {
  if (room < 0) return true;
  for (const key in value) {
    const child = (value as Record<string, unknown>)[key];
    if (typeof child === "object" && child !== null && tooDeep(child, room - 1)) return true;
  }
  return false;
}

/** A 2xx answer whose body is not what the contract promises. */
function badBody(operation: string, what: string, requestId?: string): FeedgateError {
  return createError({
    kind: "invalid_response",
    code: "unexpected_body",
    status: 200,
    requestId,
    message: `${operation}: unexpected answer body (${what})`,
  });
}

/** Whether the kit can send `value` back as a cursor (a lone surrogate cannot be encoded); another is never stored. */
function sendable(value: unknown): value is string {
  try {
    return typeof value === "string" && value !== "" && encodeURIComponent(value) !== "";
  } catch {
    return false;
  }
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const hasId = (v: unknown): v is SelectedItem =>
  isObject(v) && typeof v["id"] === "string" && v["id"] !== "";

/**
 * Checks the fields the mirror relies on. A body that fails is treated like a broken
 * connection (retried), never stored: half a page must not become the mirror's truth.
 */
export function parseSnapshot(body: unknown, requestId?: string): SnapshotBody {
  const op = "selectedSnapshot";
  const bad = (what: string) => badBody(op, what, requestId);
  if (!isObject(body)) throw bad("not an object");
  const { cursor, hasMore, nextPage, items } = body;
  if (!sendable(cursor)) throw bad("cursor");
  if (typeof hasMore !== "boolean") throw bad("hasMore");
  if (nextPage !== null && nextPage !== "" && !sendable(nextPage)) throw bad("nextPage");
  if (hasMore && (nextPage === null || nextPage === "")) throw bad("hasMore without nextPage");
  if (!Array.isArray(items) || !items.every(hasId)) throw bad("items");
  const skipped: string[] = [];
  const kept = items.filter((item) => !(tooDeep(item) && skipped.push(item.id)));
  return { cursor, hasMore, nextPage: hasMore ? (nextPage as string) : null, items: kept, skipped };
}

/** An op as an error quotes it: a string's first 100 characters, else its type (never serialised whole). */
const opOf = (op: unknown) =>
  typeof op === "string" ? JSON.stringify(op.slice(0, 100)) : typeof op;

export function parseChanges(body: unknown, requestId?: string): ChangesBody {
  const op = "selectedChanges";
  const bad = (what: string) => badBody(op, what, requestId);
  if (!isObject(body)) throw bad("not an object");
  const { cursor, hasMore, changes } = body;
  if (!sendable(cursor)) throw bad("cursor");
  if (typeof hasMore !== "boolean") throw bad("hasMore");
  if (!Array.isArray(changes)) throw bad("changes");
  const parsed: MirrorChange[] = [];
  const skipped: string[] = [];
  for (const change of changes) {
    if (isObject(change) && change["op"] === "upsert" && hasId(change["item"])) {
      if (tooDeep(change["item"])) skipped.push(change["item"].id);
      else parsed.push({ op: "upsert", item: change["item"] });
    } else if (isObject(change) && change["op"] === "remove" && typeof change["id"] === "string") {
      parsed.push({ op: "remove", id: change["id"] });
    } else {
      // An op we cannot apply: skipping it could silently diverge from the server, so stop.
      throw createError({
        kind: "http",
        status: 200,
        code: "unknown_change_op",
        requestId,
        message: `${op}: a change the mirror cannot apply: op ${opOf(isObject(change) ? change["op"] : change)}`,
      });
    }
  }
  return { cursor, hasMore, changes: parsed, skipped };
}
