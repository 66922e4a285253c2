// The recorded real payloads live beside the checkout (../shared/reference/real-payloads) and
// are never copied into the project; FEEDGATE_REAL_PAYLOADS overrides the location (the same
// convention as @feedgate/test-harness). Files are found through INDEX.md, not hard-coded, and
// a synthetic stand-in of the same shape is made when the folder is absent.
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { itemsPageBody } from "@feedgate/test-harness";

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export function realPayloadsDir() {
  const dir =
    process.env["FEEDGATE_REAL_PAYLOADS"] ??
    resolve(repoRoot, "..", "shared", "reference", "real-payloads");
  return existsSync(join(dir, "INDEX.md")) ? dir : undefined;
}

/** Relative paths named in INDEX.md (in backticks) that match `pattern` and exist, largest first. */
function indexedFiles(dir, pattern) {
  const index = readFileSync(join(dir, "INDEX.md"), "utf8");
  const names = new Set(
    [...index.matchAll(/`([^`\s]+)`/g)].map((m) => m[1]).filter((name) => pattern.test(name)),
  );
  return [...names]
    .filter((name) => existsSync(join(dir, name)))
    .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size);
}

/**
 * The items payload: the largest recorded `feed/items.200.*.json` (the 43 kB compact live
 * capture), or a synthetic ~43 kB ItemsResponse of the same shape.
 * @returns {{ body: Buffer, source: string, synthetic: boolean }}
 */
export function itemsPayload() {
  const dir = realPayloadsDir();
  const name = dir && indexedFiles(dir, /^feed\/items\.200\..+\.json$/)[0];
  if (name)
    return {
      body: readFileSync(join(dir, name)),
      source: `real payload ${name}`,
      synthetic: false,
    };
  return {
    body: Buffer.from(JSON.stringify(syntheticItems(57))),
    source: "SYNTHETIC items payload (real payloads not found)",
    synthetic: true,
  };
}

/**
 * The Responses SSE transcript: the recorded `gateway/responses-stream.200.*.sse`, or a
 * synthetic transcript with the same event sequence and similar sizes.
 * @returns {{ text: string, source: string, synthetic: boolean }}
 */
export function responsesTranscript() {
  const dir = realPayloadsDir();
  const name = dir && indexedFiles(dir, /^gateway\/responses-stream\.200\..+\.sse$/)[0];
  if (name)
    return {
      text: readFileSync(join(dir, name), "utf8"),
      source: `real payload ${name}`,
      synthetic: false,
    };
  return {
    text: syntheticTranscript(),
    source: "SYNTHETIC Responses transcript (real payloads not found)",
    synthetic: true,
  };
}

/** An ItemsResponse shaped like the live compact capture (~870 bytes per item). */
export function syntheticItems(count, startMs = Date.parse("2026-11-19T12:00:00Z")) {
  const items = [];
  for (let i = 0; i < count; i++) {
    const id = `bench${String(i).padStart(20, "0")}`;
    const at = new Date(startMs - i * 60_000).toISOString();
    items.push({
      id,
      title: `基准测试条目 ${i}：一条用于测量客户端开销的合成新闻标题`,
      originalTitle: `Benchmark item ${i}: a synthetic headline used to measure client overhead`,
      summary:
        "一段合成的摘要文字，长度与真实条目的摘要相近，用来让负载的大小和形状接近真实的响应。".repeat(
          3,
        ),
      source: { name: "Synthetic Source (RSS)" },
      links: {
        aihot: `https://aihot.virxact.com/items/${id}`,
        original: `https://example.org/news/${id}`,
      },
      publishedAt: at,
      discoveredAt: at,
      category: "industry",
      score: 50 + (i % 50),
      selected: true,
      reason: "合成的入选理由，让条目带上可选字段 reason，与真实负载一致。",
      attribution: { name: "AIHOT", url: `https://aihot.virxact.com/items/${id}` },
    });
  }
  return itemsPageBody(items);
}

function syntheticTranscript() {
  const response = (status) => ({
    id: "resp_bench",
    object: "response",
    created_at: 1768775279,
    status,
    model: "gpt-bench",
    output: [],
    usage: null,
    metadata: {},
  });
  const events = [
    { type: "response.created", response: response("in_progress") },
    { type: "response.in_progress", response: response("in_progress") },
    {
      type: "response.output_item.added",
      output_index: 0,
      item: {
        id: "msg_bench",
        type: "message",
        status: "in_progress",
        content: [],
        role: "assistant",
      },
    },
    {
      type: "response.content_part.added",
      item_id: "msg_bench",
      output_index: 0,
      content_index: 0,
      part: { type: "output_text", annotations: [], text: "" },
    },
    ...Array.from({ length: 6 }, (_, i) => ({
      type: "response.output_text.delta",
      item_id: "msg_bench",
      output_index: 0,
      content_index: 0,
      delta: ` word${i}`,
      logprobs: [],
      obfuscation: "abcdefgh",
    })),
    {
      type: "response.output_text.done",
      item_id: "msg_bench",
      output_index: 0,
      content_index: 0,
      text: "word0 word1 word2 word3 word4 word5",
      logprobs: [],
    },
    {
      type: "response.content_part.done",
      item_id: "msg_bench",
      output_index: 0,
      content_index: 0,
      part: { type: "output_text", annotations: [], text: "…" },
    },
    {
      type: "response.output_item.done",
      output_index: 0,
      item: {
        id: "msg_bench",
        type: "message",
        status: "completed",
        content: [],
        role: "assistant",
      },
    },
    { type: "response.completed", response: response("completed") },
  ];
  return events
    .map((e, i) => `event: ${e.type}\ndata: ${JSON.stringify({ ...e, sequence_number: i })}\n\n`)
    .join("");
}
