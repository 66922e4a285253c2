import type { Reply } from "../../core/reply.js";
import { type FeedRequest, replyJson } from "../state.js";

/** GET /api/v1/hot-topics: the first 10 topics set. */
export function handleHotTopics(req: FeedRequest): Reply {
  const { state } = req;
  const items = state.hotTopics.slice(0, 10);
  return replyJson(req, { schemaVersion: 1, count: items.length, items });
}
