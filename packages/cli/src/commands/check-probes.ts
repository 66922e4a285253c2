import type { Service } from "@feedgate/mock";

/** One call of the check: a service, a method, a path (with query) and a JSON body. */
export interface Probe {
  service: Service;
  method: "GET" | "POST";
  path: string;
  body?: unknown;
}

type Json = Record<string, unknown> | undefined;
/** Earlier answers' bodies, by path template; a probe that needs an id reads it there. */
export type Answers = Map<string, Json>;

const list = (value: Json, key: string) => (value?.[key] as Json[] | undefined) ?? [];

/**
 * Every read-only feed operation, once each, anonymous: the story, the dated daily and the
 * changes take their id, date and cursor from an earlier answer (undefined: nothing to ask).
 */
export const FEED_PROBES: ReadonlyArray<[string, (answers: Answers) => string | undefined]> = [
  ["hot-topics", () => "/api/v1/hot-topics"],
  ["items", () => "/api/v1/items?limit=5"],
  [
    "story",
    (a) => {
      const links = list(a.get("hot-topics"), "items").map(
        (t) => (t?.["links"] as Json)?.["story"],
      );
      const id = String(links.find((l) => typeof l === "string") ?? "")
        .split("/")
        .pop();
      return id ? `/api/v1/stories/${encodeURIComponent(id)}` : undefined;
    },
  ],
  ["dailies", () => "/api/v1/dailies?limit=3"],
  ["latest", () => "/api/v1/dailies/latest"],
  [
    "daily",
    (a) => {
      const date = list(a.get("dailies"), "items")[0]?.["date"];
      return typeof date === "string" ? `/api/v1/dailies/${encodeURIComponent(date)}` : undefined;
    },
  ],
  ["resets", () => "/api/v1/codex-resets"],
  ["recent", () => "/api/v1/codex-resets/recent"],
  ["snapshot", () => "/api/v1/selected/snapshot?limit=1"],
  [
    "changes",
    (a) => {
      const cursor = a.get("snapshot")?.["cursor"];
      return typeof cursor === "string"
        ? `/api/v1/selected/changes?limit=1&cursor=${encodeURIComponent(cursor)}`
        : undefined;
    },
  ],
];

/** Models of the gateway calls: a small one of each family. */
const MODELS = {
  responses: "gpt-4.1-mini",
  messages: "claude-sonnet-4-5",
  gemini: "gemini-2.5-flash",
};

/** Gateway operations that cost nothing: the two token counts. */
export const FREE_GATEWAY_PROBES: readonly Probe[] = [
  {
    service: "gateway",
    method: "POST",
    path: "/v1/responses/input_tokens",
    body: { model: MODELS.responses, input: "hi" },
  },
  {
    service: "gateway",
    method: "POST",
    path: "/v1/messages/count_tokens",
    body: { model: MODELS.messages, messages: [{ role: "user", content: "hi" }] },
  },
];

/**
 * With `--spend`: one minimal billed call per family that has one (a streamed answer, so its
 * events are checked too). Images are left out: no image call is minimal.
 */
export const BILLED_GATEWAY_PROBES: readonly Probe[] = [
  {
    service: "gateway",
    method: "POST",
    path: "/v1/responses",
    body: { model: MODELS.responses, input: "Say ok.", max_output_tokens: 16, stream: true },
  },
  {
    service: "gateway",
    method: "POST",
    path: `/v1beta/models/${MODELS.gemini}:streamGenerateContent?alt=sse`,
    body: {
      contents: [{ parts: [{ text: "Say ok." }] }],
      generationConfig: { maxOutputTokens: 1 },
    },
  },
];
