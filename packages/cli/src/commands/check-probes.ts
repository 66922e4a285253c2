import type { Service } from "@feedgate/mock";

/** How long one call of `check --live` may take, in seconds. */
export const DEFAULT_TIMEOUT_SECONDS = 20;

/** One call of the check. A `{story}`, `{date}` or `{cursor}` in its path comes from an earlier answer. */
export interface Probe {
  service: Service;
  path: string;
  body?: unknown;
}

/** Every read-only feed operation, once each, anonymous. */
export const FEED_PROBES: readonly Probe[] = [
  "/api/v1/hot-topics",
  "/api/v1/items?limit=5",
  "/api/v1/stories/{story}",
  "/api/v1/dailies?limit=3",
  "/api/v1/dailies/latest",
  "/api/v1/dailies/{date}",
  "/api/v1/codex-resets",
  "/api/v1/codex-resets/recent",
  "/api/v1/selected/snapshot?limit=1",
  "/api/v1/selected/changes?limit=1&cursor={cursor}",
].map((path) => ({ service: "feed", path }));

type Body = { items?: Array<{ date?: unknown; links?: { story?: unknown } }>; cursor?: unknown };

/** The ids later probes need, read from an answer's body (the first answer that has one wins). */
export const IDS: Record<string, (body: Body) => unknown> = {
  story: (body) =>
    String(body.items?.find((i) => i.links?.story)?.links?.story ?? "")
      .split("/")
      .pop(),
  date: (body) => body.items?.[0]?.date,
  cursor: (body) => body.cursor,
};

const ask = (path: string, body: object): Probe => ({ service: "gateway", path, body });
const hi = { model: "gpt-4.1-mini", input: "Say ok." };

/** Gateway operations that cost nothing: the two token counts. */
export const FREE_GATEWAY_PROBES = [
  ask("/v1/responses/input_tokens", hi),
  ask("/v1/messages/count_tokens", {
    model: "claude-sonnet-4-5",
    messages: [{ role: "user", content: "hi" }],
  }),
];

/** `--spend`: one minimal billed call per family that has one, streamed so its events are checked. Images: none is minimal. */
export const BILLED_GATEWAY_PROBES = [
  ask("/v1/responses", { ...hi, max_output_tokens: 16, stream: true }),
  ask("/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", {
    contents: [{ parts: [{ text: "Say ok." }] }],
    generationConfig: { maxOutputTokens: 1 },
  }),
];
