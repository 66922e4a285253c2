// Benchmark 2 — stream decoding: events per second decoding the recorded Responses SSE
// transcript, repeated to about 100,000 events, through @feedgate/gateway-client's public
// `responses.stream` (custom fetch answering with the bytes) vs the `openai` package's public
// `Stream.fromSSEResponse` on the same bytes, in the same chunks.
import { createGatewayClient } from "@feedgate/gateway-client";
import { Stream } from "openai/streaming";
import { eventChunks, networkChunks, streamOf } from "./lib/chunks.mjs";
import { responsesTranscript } from "./lib/payloads.mjs";
import { alternate, pairedRatios } from "./lib/rounds.mjs";
import { num, ratioText, shownRatio, spread, summary } from "./lib/stats.mjs";

const TARGET_EVENTS = 100_000;
const ROUNDS = 5;
const WARMUP = 1;
/** Issue 23: at least twice the `openai` package's speed, in both chunk profiles. */
const GOAL = 2;
const SSE_HEADERS = { "content-type": "text/event-stream; charset=utf-8" };

function countEvents(text) {
  return text.split(/\n\n/).filter((block) => /^data:/m.test(block)).length;
}

export async function run({ log }) {
  const transcript = responsesTranscript();
  const text = transcript.text.endsWith("\n\n")
    ? transcript.text
    : `${transcript.text.replace(/\n*$/, "")}\n\n`;
  const perCopy = countEvents(text);
  const copies = Math.ceil(TARGET_EVENTS / perCopy);
  const expected = perCopy * copies;
  const bytes = Buffer.from(text.repeat(copies));
  log(
    `transcript: ${transcript.source}, ${perCopy} events; × ${copies} = ${num(expected)} events, ${(bytes.length / 1e6).toFixed(1)} MB`,
  );

  let chunks = [];
  const gateway = createGatewayClient({
    baseUrl: "http://127.0.0.1:9",
    apiKey: "sk-bench-not-a-real-key",
    fetch: async () => new Response(streamOf(chunks), { status: 200, headers: SSE_HEADERS }),
  });
  const decoded = (name, count) => {
    if (count !== expected)
      throw new Error(`${name} decoded ${count} events, expected ${expected}`);
    return count;
  };
  const variants = [
    {
      name: "@feedgate/gateway-client responses.stream",
      async run() {
        let count = 0;
        for await (const event of await gateway.responses.stream({
          model: "bench",
          input: "bench",
        }))
          if (event.type) count++;
        return decoded(this.name, count);
      },
    },
    {
      name: "openai Stream.fromSSEResponse",
      async run() {
        let count = 0;
        const response = new Response(streamOf(chunks), { status: 200, headers: SSE_HEADERS });
        for await (const event of Stream.fromSSEResponse(response, new AbortController()))
          if (event.type) count++;
        return decoded(this.name, count);
      },
    },
  ];

  const profiles = [
    { name: "network-sized chunks (256 B–16 KiB, log-uniform)", chunks: networkChunks(bytes) },
    { name: "one chunk per event (1 in 8 split in two)", chunks: eventChunks(bytes) },
  ];
  const rows = [];
  const lines = [
    `${ROUNDS} alternating rounds (+${WARMUP} warm-up) per chunk profile; events/s median (min–max); ratio = feedgate events/s ÷ openai events/s (higher is better)`,
  ];
  for (const profile of profiles) {
    chunks = profile.chunks;
    const costs = await alternate({ variants, rounds: ROUNDS, warmup: WARMUP });
    const ours = costs[variants[0].name];
    const theirs = costs[variants[1].name];
    // cost is ms per event, so openai's cost ÷ ours = our speed ÷ openai's speed
    const ratios = summary(pairedRatios(theirs, ours));
    const oursS = summary(ours.map((c) => 1000 / c));
    const theirsS = summary(theirs.map((c) => 1000 / c));
    const fmt = (v) => num(v);
    lines.push(`  ${profile.name}: ${num(profile.chunks.length)} chunks`);
    lines.push(`    ${variants[0].name.padEnd(44)} ${spread(oursS, fmt)} events/s`);
    lines.push(
      `    ${variants[1].name.padEnd(44)} ${spread(theirsS, fmt)} events/s   ratio ${ratioText(ratios.median)} (${ratioText(ratios.min)}–${ratioText(ratios.max)})`,
    );
    rows.push({
      benchmark: `stream decoding, ${profile.name}: events/s (ratio = feedgate ÷ openai, higher is better)`,
      feedgate: `${spread(oursS, fmt)} events/s`,
      reference: `openai ${spread(theirsS, fmt)} events/s`,
      ratio: ratios.median,
      goal: `≥ ${GOAL.toFixed(2)}`,
      met: shownRatio(ratios.median) >= GOAL,
    });
  }
  const notes = [
    `Stream decoding: ${transcript.source} (${perCopy} events, ${Buffer.byteLength(text)} bytes) repeated ${copies}× = ${num(expected)} events, ${(bytes.length / 1e6).toFixed(1)} MB, held in memory and handed out by a ReadableStream in pre-cut chunks (the same chunks for both). feedgate: \`createGatewayClient({ fetch })\` whose fetch answers with that stream, then \`for await\` over \`responses.stream(...)\` (eventsource-parser plus the typed decoder and error checks). Reference: the \`openai\` package's \`Stream.fromSSEResponse\` on a Response of the same stream. Both count every event and read its \`type\`; a run that decodes a different number of events fails. ${ROUNDS} alternating rounds after ${WARMUP} warm-up round per chunk profile. Ratio: feedgate events/s ÷ openai events/s, median of the per-round ratios (higher is better; ≥ 1.00 = at least as fast).`,
  ];
  return { rows, lines, notes };
}
