import { readdirSync } from "node:fs";
import { join } from "node:path";
import type { Har, HarEntry } from "@feedgate/mock";
import { readPayload, realPayloadsDir } from "@feedgate/test-harness";

/**
 * Converts the recorded real payloads beside the checkout (../shared/reference/real-payloads,
 * see its INDEX.md) into one HAR file at test time: never copied into the project. The payloads
 * are bodies only; each entry gets the request that produced it (INDEX.md's operation column)
 * and the headers the services send with it (a feed ETag and Cache-Control, an SSE content type).
 */
export const FEED_URL = "https://aihot.virxact.com";
export const GATEWAY_URL = "https://gateway.example";

export interface Source {
  file: string;
  method?: "GET" | "POST";
  /** Path and query, on the feed or the gateway. */
  url: string;
  status?: number;
  /** The request body (JSON), for the gateway. */
  body?: unknown;
  /** `jsonl`: data payloads one per line, re-framed as SSE; `sse`: a transcript as is. */
  stream?: "sse" | "jsonl";
}

const ask = (model: string, extra: object = {}) => ({ model, input: "hi", ...extra });
const claude = (model: string) => ({ model, messages: [{ role: "user", content: "hi" }] });
const gemini = (text: string) => ({ contents: [{ parts: [{ text }] }] });
const GEN = "/v1beta/models/gemini-3-pro-preview:generateContent";

/** Every payload of INDEX.md and the request it answered. */
export const SOURCES: readonly Source[] = (
  [
    {
      file: "feed/items.200.automated-release-fixture-compact.json",
      url: "/api/v1/items?mode=selected&window=7d",
    },
    {
      file: "feed/items.200.ai-daily-fixture-2026-08-12.json",
      url: "/api/v1/items?mode=selected&window=24h",
    },
    { file: "feed/hot-topics.200.automated-release-fixture.json", url: "/api/v1/hot-topics" },
    { file: "feed/dailies.200.automated-release-fixture.json", url: "/api/v1/dailies?limit=3" },
    {
      file: "feed/dailies-by-date.200.ai-knowledge-base-fixture-2026-10-04.json",
      url: "/api/v1/dailies/2026-10-04",
    },
    {
      file: "feed/dailies-by-date.200-quiet-day.leo-ai-pm-fixture-2026-10-05.json",
      url: "/api/v1/dailies/2026-10-05",
    },
    {
      file: "feed/selected-snapshot.200.mirror-fixture.json",
      url: "/api/v1/selected/snapshot?limit=1",
    },
    // Synthetic and nonconforming (INDEX.md): the replay's check must name what is wrong with it.
    {
      file: "feed/codex-resets.200.SYNTHETIC-nonconforming.relay-fixture.json",
      url: "/api/v1/codex-resets",
    },
    {
      file: "gateway/responses-create.200.vercel-ai-gpt-6-luna.json",
      url: "/v1/responses",
      body: ask("gpt-6"),
    },
    {
      file: "gateway/responses-create.error-insufficient-quota.vercel-ai.json",
      url: "/v1/responses",
      status: 429,
      body: ask("gpt-5.2-quota"),
    },
    {
      file: "gateway/responses-create.400-unsupported-parameter.vercel-ai.json",
      url: "/v1/responses",
      status: 400,
      body: ask("o3", { temperature: 0.5 }),
    },
    {
      file: "gateway/responses-create.400-decimal-below-min.pydantic-ai.json",
      url: "/v1/responses",
      status: 400,
      body: ask("gpt-4.1", { temperature: -1 }),
    },
    {
      file: "gateway/responses-input_tokens.200.pydantic-ai-gpt-4.1-mini.json",
      url: "/v1/responses/input_tokens",
      body: ask("gpt-4.1-mini"),
    },
    {
      file: "gateway/anthropic-count_tokens.200.pydantic-ai-claude-sonnet-4-5.json",
      url: "/v1/messages/count_tokens",
      body: claude("claude-sonnet-4-5"),
    },
    {
      file: "gateway/anthropic-count_tokens.404-not-found.pydantic-ai.json",
      url: "/v1/messages/count_tokens",
      status: 404,
      body: claude("claude-gone"),
    },
    {
      file: "gateway/gemini-generateContent.200-text.vercel-ai-gemini-3-pro-preview.json",
      url: GEN,
      body: gemini("hi"),
    },
    {
      file: "gateway/gemini-generateContent.200-image.vercel-ai-gemini-3.1-flash-image.REDACTED-BY-SOURCE.json",
      url: "/v1beta/models/gemini-3.1-flash-image:generateContent",
      body: gemini("a fox"),
    },
    {
      file: "gateway/gemini-generateContent.400-invalid-argument.vercel-ai.json",
      url: GEN,
      status: 400,
      body: gemini("minimal"),
    },
    {
      file: "gateway/gemini-generateContent.429-resource-exhausted.vercel-ai.json",
      url: GEN,
      status: 429,
      body: gemini("quota"),
    },
    {
      file: "gateway/images-generations.200-b64_json.vercel-ai.json",
      url: "/v1/images/generations",
      body: { model: "gpt-image-1", prompt: "a fox", n: 2 },
    },
    {
      file: "gateway/images-generations.200-url.dall-e-3-kotlin-script-paste.json",
      url: "/v1/images/generations",
      body: { model: "dall-e-3", prompt: "a fox" },
    },
    {
      file: "gateway/images-generations.400-unknown-parameter.vercel-ai.json",
      url: "/v1/images/generations",
      status: 400,
      body: { model: "gpt-image-1", prompt: "a fox", response_format: "url" },
    },
    {
      file: "gateway/images-edits.200-b64_json.vercel-ai.json",
      url: "/v1/images/edits",
      body: { model: "gpt-image-1", prompt: "a hat" },
    },
    {
      file: "gateway/responses-stream.200.pydantic-ai-gpt-5.2.sse",
      url: "/v1/responses",
      body: ask("gpt-5.2", { stream: true }),
      stream: "sse",
    },
    {
      file: "gateway/responses-stream.error-insufficient-quota.vercel-ai.chunks.jsonl",
      url: "/v1/responses",
      body: ask("gpt-5-nano", { stream: true }),
      stream: "jsonl",
    },
    {
      file: "gateway/gemini-streamGenerateContent-alt-sse.200.pydantic-ai-gemini-2.5-flash.sse",
      url: "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
      body: gemini("count"),
      stream: "sse",
    },
  ] as Source[]
).map((s): Source => ({ method: s.file.startsWith("feed/") ? "GET" : "POST", ...s }));

/** The text a source's answer carries (a jsonl file re-framed as the SSE it came as). */
export function answerText(source: Source): string {
  const text = readPayload(source.file);
  if (source.stream !== "jsonl") return text;
  return text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => `event: ${(JSON.parse(line) as { type: string }).type}\ndata: ${line}\n\n`)
    .join("");
}

/** The events of a transcript, each with its separator: how the services flush them. */
export function eventsOf(text: string): string[] {
  return text.match(/[\s\S]*?(?:\r?\n\r?\n|$)/g)?.filter((e) => e !== "") ?? [];
}

function entryOf(source: Source, index: number): HarEntry {
  const feed = source.file.startsWith("feed/");
  const url = new URL(source.url, feed ? FEED_URL : GATEWAY_URL);
  const text = answerText(source);
  const events = source.stream ? eventsOf(text) : undefined;
  const type = events ? "text/event-stream; charset=utf-8" : "application/json; charset=utf-8";
  const headers = [
    { name: "content-type", value: type },
    ...(feed
      ? [
          { name: "etag", value: `W/"v1-har-${index}"` },
          {
            name: "cache-control",
            value: "public, max-age=60, s-maxage=60, stale-while-revalidate=60",
          },
        ]
      : [{ name: "x-oneapi-request-id", value: `2026112800000${String(index).padStart(4, "0")}` }]),
  ];
  const postData =
    source.body === undefined
      ? undefined
      : { mimeType: "application/json", text: JSON.stringify(source.body) };
  return {
    startedDateTime: new Date(Date.UTC(2026, 10, 28, 0, 0, index)).toISOString(),
    time: 0,
    request: {
      method: source.method ?? "GET",
      url: url.href,
      httpVersion: "HTTP/1.1",
      headers: postData ? [{ name: "content-type", value: "application/json" }] : [],
      queryString: [...url.searchParams].map(([name, value]) => ({ name, value })),
      cookies: [],
      headersSize: -1,
      bodySize: postData ? Buffer.byteLength(postData.text) : 0,
      ...(postData ? { postData } : {}),
    },
    response: {
      status: source.status ?? 200,
      statusText: "",
      httpVersion: "HTTP/1.1",
      headers,
      cookies: [],
      content: {
        size: Buffer.byteLength(text),
        mimeType: type,
        text,
        ...(events ? { _chunks: events.map((e, i) => ({ time: 20 * i, size: e.length })) } : {}),
      },
      redirectURL: "",
      headersSize: -1,
      bodySize: Buffer.byteLength(text),
    },
    cache: {},
    timings: { send: 0, wait: 0, receive: 0 },
    comment: `real-payloads/${source.file}`,
  };
}

/** The whole HAR; undefined when the payloads are absent (the caller skips with REAL_PAYLOADS_MISSING). */
export function realPayloadsHar(): Har | undefined {
  const dir = realPayloadsDir();
  if (!dir) return undefined;
  const files = ["feed", "gateway"].flatMap((d) =>
    readdirSync(join(dir, d)).map((f) => `${d}/${f}`),
  );
  const missing = files.filter((f) => !SOURCES.some((s) => s.file === f));
  if (missing.length > 0)
    throw new Error(`real payloads the HAR converter has no request for: ${missing.join(", ")}`);
  return {
    log: {
      version: "1.2",
      creator: { name: "feedgate real-payloads converter", version: "1" },
      entries: SOURCES.map(entryOf),
    },
  };
}
