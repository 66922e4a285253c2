import { createError, type FeedgateError } from "@feedgate/core";
import type { MirrorChange, SelectedItem } from "../store/types.js";

/** What the mirror uses of a snapshot page. */
export interface SnapshotBody {
  cursor: string;
  hasMore: boolean;
  nextPage: string | null;
  items: SelectedItem[];
}

/** What the mirror uses of a changes page. */
export interface ChangesBody {
  cursor: string;
  hasMore: boolean;
  changes: MirrorChange[];
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
  if (typeof cursor !== "string" || cursor === "") throw bad("cursor");
  if (typeof hasMore !== "boolean") throw bad("hasMore");
  if (nextPage !== null && typeof nextPage !== "string") throw bad("nextPage");
  if (hasMore && (nextPage === null || nextPage === "")) throw bad("hasMore without nextPage");
  if (!Array.isArray(items) || !items.every(hasId)) throw bad("items");
  return { cursor, hasMore, nextPage: hasMore ? (nextPage as string) : null, items };
}

export function parseChanges(body: unknown, requestId?: string): ChangesBody {
  const op = "selectedChanges";
  const bad = (what: string) => badBody(op, what, requestId);
  if (!isObject(body)) throw bad("not an object");
  const { cursor, hasMore, changes } = body;
  if (typeof cursor !== "string" || cursor === "") throw bad("cursor");
  if (typeof hasMore !== "boolean") throw bad("hasMore");
  if (!Array.isArray(changes)) throw bad("changes");
  const parsed: MirrorChange[] = [];
  for (const change of changes) {
    if (isObject(change) && change["op"] === "upsert" && hasId(change["item"])) {
      parsed.push({ op: "upsert", item: change["item"] });
    } else if (isObject(change) && change["op"] === "remove" && typeof change["id"] === "string") {
      parsed.push({ op: "remove", id: change["id"] });
    } else {
      // An op we cannot apply: skipping it could silently diverge from the server, so stop.
      throw createError({
        kind: "http",
        status: 200,
        code: "unknown_change_op",
        requestId,
        message: `${op}: a change the mirror cannot apply: op ${JSON.stringify(isObject(change) ? change["op"] : change)}`,
      });
    }
  }
  return { cursor, hasMore, changes: parsed };
}
