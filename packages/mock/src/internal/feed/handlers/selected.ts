import type { Reply } from "../../core/reply.js";
import type { LedgerEntry } from "../ledger.js";
import { base64urlJson, decodeToken, enumParam, integerParam } from "../query.js";
import { DOCUMENT_OPERATIONS } from "../routes.js";
import { type FeedRequest, replyJson } from "../state.js";
import type { SelectedItem } from "../types.js";
import { invalidCursor, isoUtc, snapshotRequired } from "../wire.js";

type Fields = (typeof FIELDS)[number];
/** The projections of the selected set (`fields`), as the feed document lists them. */
const FIELDS = DOCUMENT_OPERATIONS.selectedSnapshot.params.fields.enum;
const PREFIX = "ax1.";

function syncCursor(e: number, w: number, f: Fields): string {
  return PREFIX + base64urlJson({ k: "sync", e, w, f });
}

/** `fields=minimal` strips an item to ItemMinimal, in the service's key order. */
function project(item: SelectedItem, fields: Fields): unknown {
  if (fields === "default") return item;
  return {
    id: item.id,
    title: item.title,
    source: item.source,
    publishedAt: item.publishedAt,
    discoveredAt: item.discoveredAt,
    category: item.category,
    score: item.score,
    selected: item.selected,
    links: { aihot: item.links.aihot },
  };
}

const isFields = (v: unknown): v is Fields => (FIELDS as readonly unknown[]).includes(v);

/**
 * GET /api/v1/selected/snapshot. The first page fixes the ledger watermark `w`; every page of
 * the pass carries the same sync cursor; `nextPage` continues after the last id.
 */
export function handleSnapshot(req: FeedRequest): Reply {
  const { query: q, state } = req;
  const askedFields = q.has("fields")
    ? enumParam("selectedSnapshot", "fields", q.get("fields"))
    : undefined;
  const limit = integerParam("selectedSnapshot", "limit", q.get("limit"));
  const ledger = state.selected;
  let e = ledger.epoch;
  let w = ledger.head;
  let fields: Fields = askedFields ?? DOCUMENT_OPERATIONS.selectedSnapshot.params.fields.default;
  let asOf = isoUtc(state.clock.now());
  let afterId: string | undefined;
  const page = q.get("page");
  if (page !== undefined) {
    const t = decodeToken(page, PREFIX);
    if (
      t?.["k"] !== "page" ||
      t["e"] !== ledger.epoch ||
      typeof t["w"] !== "number" ||
      t["w"] < ledger.floor ||
      t["w"] > ledger.head ||
      !isFields(t["f"]) ||
      typeof t["a"] !== "string" ||
      typeof t["t"] !== "string"
    ) {
      throw invalidCursor();
    }
    if (askedFields !== undefined && askedFields !== t["f"]) throw invalidCursor();
    e = t["e"];
    w = t["w"];
    fields = t["f"];
    asOf = t["t"];
    afterId = t["a"];
  }
  const all = ledger.asOf(w);
  const start = afterId === undefined ? 0 : all.findIndex((i) => i.id > afterId);
  const rest = start < 0 ? [] : all.slice(start);
  const items = rest.slice(0, limit);
  const hasMore = rest.length > limit;
  const last = items[items.length - 1];
  const cursor = syncCursor(e, w, fields);
  const nextPage =
    hasMore && last
      ? PREFIX + base64urlJson({ k: "page", e, w, f: fields, a: last.id, t: asOf })
      : null;
  const projected = items.map((i) => project(i, fields));
  const body = {
    schemaVersion: 1,
    asOf,
    fields,
    cursor,
    count: items.length,
    hasMore,
    nextPage,
    items: projected,
  };
  // The ETag covers the page content only, not asOf / nextPage, like the service's.
  return replyJson(req, body, { fields, cursor, count: items.length, hasMore, items: projected });
}

function change(entry: LedgerEntry, fields: Fields): unknown {
  return entry.op === "upsert"
    ? { op: "upsert", changedAt: isoUtc(entry.changedAt), item: project(entry.item, fields) }
    : { op: "remove", changedAt: isoUtc(entry.changedAt), id: entry.id };
}

/** GET /api/v1/selected/changes: ledger entries after the cursor's watermark, in order. */
export function handleChanges(req: FeedRequest): Reply {
  const { query: q, state } = req;
  const limit = integerParam("selectedChanges", "limit", q.get("limit"));
  const ledger = state.selected;
  const raw = q.get("cursor");
  const t = raw ? decodeToken(raw, PREFIX) : undefined;
  if (
    t?.["k"] !== "sync" ||
    t["e"] !== ledger.epoch ||
    !isFields(t["f"]) ||
    typeof t["w"] !== "number" ||
    !Number.isInteger(t["w"]) ||
    t["w"] < ledger.floor ||
    t["w"] > ledger.head
  ) {
    throw snapshotRequired();
  }
  const fields = t["f"];
  const entries = ledger.after(t["w"], limit);
  const last = entries[entries.length - 1];
  const w = last ? last.seq : t["w"];
  const body = {
    schemaVersion: 1,
    fields,
    cursor: syncCursor(ledger.epoch, w, fields),
    count: entries.length,
    hasMore: w < ledger.head,
    changes: entries.map((entry) => change(entry, fields)),
  };
  return replyJson(req, body);
}
