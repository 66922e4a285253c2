import type { Reply } from "../../core/reply.js";
import { strictQuery } from "../query.js";
import type { FeedState } from "../state.js";
import { cacheableJson } from "../wire.js";

/** GET /api/v1/hot-topics: the first 10 topics set. */
export function handleHotTopics(
  url: URL,
  ifNoneMatch: string | undefined,
  state: FeedState,
): Reply {
  strictQuery(url.searchParams, "hotTopics");
  const items = state.hotTopics.slice(0, 10);
  return cacheableJson(
    state.cacheControl,
    "hotTopics",
    { schemaVersion: 1, count: items.length, items },
    ifNoneMatch,
  );
}
