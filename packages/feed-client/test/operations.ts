import type { FeedClient } from "../src/index.js";

/** A valid call of every operation through the typed client, keyed by operationId. */
export type Call = (
  client: FeedClient,
  init?: { headers?: Record<string, string>; redirect?: RequestRedirect },
) => Promise<{ data?: unknown; error?: unknown; response: Response }>;

export const STORY_ID = "5f0c6a2e-8d4b-4b7e-9a31-2c1d9e7f4a10";

export const CALLS: Record<string, Call> = {
  items: (c, init) =>
    c.GET("/api/v1/items", {
      params: { query: { mode: "selected", window: "24h", limit: 20 } },
      ...init,
    }),
  codexResets: (c, init) => c.GET("/api/v1/codex-resets", { ...init }),
  codexResetsRecent: (c, init) => c.GET("/api/v1/codex-resets/recent", { ...init }),
  hotTopics: (c, init) => c.GET("/api/v1/hot-topics", { ...init }),
  storyByPublicId: (c, init) =>
    c.GET("/api/v1/stories/{publicId}", { params: { path: { publicId: STORY_ID } }, ...init }),
  dailies: (c, init) => c.GET("/api/v1/dailies", { params: { query: { limit: 7 } }, ...init }),
  latestDaily: (c, init) => c.GET("/api/v1/dailies/latest", { ...init }),
  dailyByDate: (c, init) =>
    c.GET("/api/v1/dailies/{date}", { params: { path: { date: "2026-10-04" } }, ...init }),
  selectedSnapshot: (c, init) =>
    c.GET("/api/v1/selected/snapshot", {
      params: { query: { fields: "default", limit: 100 } },
      ...init,
    }),
  selectedChanges: (c, init) =>
    c.GET("/api/v1/selected/changes", {
      params: { query: { cursor: "v1s.eyJrIjoic2VsZWN0ZWQtc3luYyJ9", limit: 100 } },
      ...init,
    }),
};
