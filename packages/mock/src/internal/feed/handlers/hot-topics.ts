import type { Reply } from "../../core/reply.js";
import { strictQuery } from "../query.js";
import { type FeedRequest, replyJson } from "../state.js";

/** GET /api/v1/hot-topics: the first 10 topics set. */
export function handleHotTopics(req: FeedRequest): Reply {
  const { url, state } = req;
  strictQuery(url.searchParams, "hotTopics");
  const items = state.hotTopics.slice(0, 10);
  return replyJson(req, "hotTopics", { schemaVersion: 1, count: items.length, items });
}
