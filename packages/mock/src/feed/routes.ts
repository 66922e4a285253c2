import type { FeedRoute } from "../core/types.js";

/** Which feed operation a path is (any method; the handler answers 405 for writes). */
export function feedRoute(path: string): FeedRoute | undefined {
  switch (path) {
    case "/api/v1/items":
      return "items";
    case "/api/v1/codex-resets":
      return "codexResets";
    case "/api/v1/codex-resets/recent":
      return "codexResetsRecent";
    case "/api/v1/hot-topics":
      return "hotTopics";
    case "/api/v1/dailies":
      return "dailies";
    case "/api/v1/dailies/latest":
      return "latestDaily";
    case "/api/v1/selected/snapshot":
      return "selectedSnapshot";
    case "/api/v1/selected/changes":
      return "selectedChanges";
  }
  if (/^\/api\/v1\/stories\/[^/]+$/.test(path)) return "storyByPublicId";
  if (/^\/api\/v1\/dailies\/[^/]+$/.test(path)) return "dailyByDate";
  return undefined;
}

/** The last path segment (raw, still percent-encoded). */
export function lastSegment(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}
