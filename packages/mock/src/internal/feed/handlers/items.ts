import { createHash } from "node:crypto";
import type { Reply } from "../../core/reply.js";
import type { ItemEntry } from "../item-index.js";
import {
  base64urlJson,
  decodeToken,
  enumParam,
  integerParam,
  lengthBounds,
  withinLength,
} from "../query.js";
import { type FeedRequest, type FeedState, replyJson } from "../state.js";
import type { FakeItem } from "../types.js";
import { invalidCursor, invalidRequest } from "../wire.js";

const DAY = 86_400_000;
const CURSOR_PREFIX = "it3.";

/** Key order and always-present fields as the service emits them on /api/v1/items. */
function present(item: FakeItem, state: FeedState): FakeItem {
  return {
    id: item.id,
    title: item.title,
    originalTitle: item.originalTitle,
    summary: item.summary,
    source: item.source,
    links: item.links,
    publishedAt: item.publishedAt,
    discoveredAt: item.discoveredAt,
    category: item.category,
    score: item.score,
    selected: item.selected,
    reason: item.reason ?? null,
    attribution: item.attribution ?? { name: state.siteName, url: item.links.aihot },
  };
}

/**
 * GET /api/v1/items: rolling-window keyset paging, newest first by the sort key (`discoveredAt`,
 * or `publishedAt ?? discoveredAt` for by=published), ties by id descending. The cursor is `it3.` + base64url of
 * {a: sort key of the last item, i: its id, c: hash of mode/window/by/category/q}; it is
 * refused (400 invalid_cursor) for another query or once `a` has left the window.
 */
export function handleItems(req: FeedRequest): Reply {
  const { query: q0, state } = req;
  const mode = enumParam("items", "mode", q0.get("mode"));
  const category = q0.get("category") ?? null;
  if (category !== null && !state.categories.includes(category)) {
    throw invalidRequest(`category must be one of: ${state.categories.join(", ")}.`);
  }
  const window = enumParam("items", "window", q0.get("window"));
  const by = enumParam("items", "by", q0.get("by"));
  const rawQ = q0.get("q");
  const q = rawQ === undefined ? null : rawQ.trim();
  if (q !== null && !withinLength("items", "q", q))
    throw invalidRequest(`q must contain ${lengthBounds("items", "q")} characters.`);
  const limit = integerParam("items", "limit", q0.get("limit"));

  const now = state.clock.now();
  const windowStart = now - (window === "24h" ? DAY : 7 * DAY);
  const hash = createHash("sha256")
    .update(JSON.stringify([mode, window, by, category, q]))
    .digest("base64url")
    .slice(0, 12);

  let anchor: { a: number; i: string } | undefined;
  const cursor = q0.get("cursor");
  if (cursor !== undefined) {
    const token = decodeToken(cursor, CURSOR_PREFIX);
    if (
      !token ||
      typeof token["a"] !== "number" ||
      typeof token["i"] !== "string" ||
      token["c"] !== hash
    )
      throw invalidCursor();
    if (token["a"] < windowStart) throw invalidCursor();
    anchor = { a: token["a"], i: token["i"] };
  }

  // Mode, category and window come from the sorted index of the view; q is tested item by item.
  const terms = q === null ? [] : q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  const matches =
    terms.length === 0
      ? undefined
      : (entry: ItemEntry) => {
          const text = (entry.text ??=
            `${entry.item.title} ${entry.item.originalTitle ?? ""} ${entry.item.summary ?? ""}`.toLowerCase());
          return terms.every((t) => text.includes(t));
        };
  const { entries: page, hasMore } = state.items.page(
    { by, selectedOnly: mode === "selected", category },
    { now, windowStart, after: anchor, limit, matches },
  );
  const last = page[page.length - 1];
  const nextCursor =
    hasMore && last
      ? CURSOR_PREFIX + base64urlJson({ a: last[by], i: last.item.id, c: hash })
      : null;

  return replyJson(req, {
    schemaVersion: 1,
    query: {
      mode,
      category,
      window,
      q,
      by,
      ordering: by === "published" ? "publishedAtDesc" : "timelineDesc",
    },
    items: page.map(({ item }) => present(item, state)),
    page: { count: page.length, hasMore, nextCursor },
  });
}
