// The hostile-server guards, counted: endless bodies capped, request loops stopped, escape
// sequences stripped. Every server is node:http on 127.0.0.1, bounded and self-stopping.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { createFeedClient } from "@feedgate/feed-client";
import { createGatewayClient } from "@feedgate/gateway-client";
import { sendEndless, sendJson, startHostileServer } from "@feedgate/test-harness";

const MiB = 1024 * 1024;
const kindOf = (error) => error?.kind;

/** Runs `attempt` `rounds` times; counts those that ended in `expected`, and the peak heap growth. */
async function capped(rounds, attempt, expected) {
  let stopped = 0;
  let peak = 0;
  const base = process.memoryUsage().heapUsed;
  for (let i = 0; i < rounds; i++) {
    const error = await attempt().then(
      () => undefined,
      (e) => e,
    );
    if (kindOf(error) === expected) stopped++;
    peak = Math.max(peak, process.memoryUsage().heapUsed - base);
  }
  return { rounds, stopped, peakHeapMiB: peak / MiB };
}

export async function runHostileRun(
  { createResilientFetch, createFeedKit, createSelectedMirror, createMemoryStore },
  { rounds = 10 } = {},
) {
  const endless = await startHostileServer((_req, res) => sendEndless(res, "x".repeat(64 * 1024)), {
    lifetimeMs: 120_000,
  });
  const sse = await startHostileServer(
    (_req, res) =>
      sendEndless(res, `data: ${"x".repeat(64 * 1024)}`, { "content-type": "text/event-stream" }),
    { lifetimeMs: 120_000 },
  );
  const key = "sk-bench-hostile-0123456789";
  const bodies = {
    transport: await capped(
      rounds,
      () => createResilientFetch({ maxResponseBytes: 8 * MiB })(`${endless.origin}/x`),
      "response_too_large",
    ),
    feedClient: await capped(
      rounds,
      () =>
        createFeedClient({ baseUrl: endless.origin, maxResponseBytes: 8 * MiB }).GET(
          "/api/v1/hot-topics",
        ),
      "response_too_large",
    ),
    gatewayJson: await capped(
      rounds,
      () =>
        createGatewayClient({
          baseUrl: endless.origin,
          apiKey: key,
          maxResponseBytes: 8 * MiB,
        }).responses.retrieve("resp_1"),
      "response_too_large",
    ),
    sseLine: await capped(
      rounds,
      async () => {
        for await (const _ of await createGatewayClient({
          baseUrl: sse.origin,
          apiKey: key,
        }).responses.stream({ model: "m", input: "x" }));
      },
      "response_too_large",
    ),
  };
  const bytesSent = endless.bytesSent + sse.bytesSent;
  await Promise.all([endless.stop(), sse.stop()]);

  // Loops: a cursor given again, and pages that claim more but bring nothing.
  let n = 0;
  const loopy = await startHostileServer(
    (req, res) => {
      const url = new URL(req.url, "http://x");
      const item = {
        id: `i${n}`,
        title: "t",
        originalTitle: null,
        summary: null,
        source: { name: "s" },
        links: { aihot: "https://x/", original: "https://x/" },
        publishedAt: null,
        discoveredAt: "2026-11-19T00:00:00.000Z",
        category: null,
        score: null,
        selected: true,
      };
      n++;
      if (url.pathname === "/api/v1/items")
        return sendJson(res, 200, {
          schemaVersion: 1,
          query: {},
          items: [item],
          page: { count: 1, hasMore: true, nextCursor: "same" },
        });
      if (url.pathname === "/api/v1/selected/snapshot")
        return sendJson(res, 200, { cursor: "c1", hasMore: true, nextPage: `p${n}`, items: [] });
      sendJson(res, 404, {});
    },
    { lifetimeMs: 120_000 },
  );
  const loops = {
    pagination: { rounds, stopped: 0, requests: 0 },
    mirror: { rounds, stopped: 0, requests: 0 },
  };
  for (let i = 0; i < rounds; i++) {
    let before = loopy.requests.length;
    const kit = createFeedKit({ baseUrl: loopy.origin });
    const error = await (async () => {
      for await (const _ of kit.iterateItems({}, { maxPages: 1000 }));
    })().then(
      () => undefined,
      (e) => e,
    );
    if (error?.code === "cursor_loop") loops.pagination.stopped++;
    loops.pagination.requests += loopy.requests.length - before;
    before = loopy.requests.length;
    const mirror = createSelectedMirror({
      client: createFeedClient({ baseUrl: loopy.origin }),
      store: createMemoryStore(),
    });
    const mirrorError = await mirror.sync().then(
      () => undefined,
      (e) => e,
    );
    if (mirrorError?.code === "cursor_loop") loops.mirror.stopped++;
    loops.mirror.requests += loopy.requests.length - before;
  }
  await loopy.stop();

  // Escapes: the built CLI prints hot topics whose titles carry OSC/CSI/C1 sequences.
  const cli = fileURLToPath(new URL("../../../packages/cli/dist/bin.js", import.meta.url));
  const NASTY = "\x1b]0;title\x07\x1b]52;c;cm0gLXJm\x07\x1b[2J\x9b31m\rX\b";
  const escapes = { runs: 0, planted: 0, survived: 0, titlesShown: 0, skipped: !existsSync(cli) };
  // Asynchronous: the fake feed runs in this process, so a blocking spawn would starve it.
  const run = (origin) =>
    new Promise((resolve) => {
      const child = spawn(process.execPath, [cli, "hot"], {
        env: { PATH: process.env.PATH, FEEDGATE_FEED_URL: origin, FORCE_COLOR: "1" },
      });
      let stdout = "";
      child.stdout.setEncoding("utf8").on("data", (d) => (stdout += d));
      const timer = setTimeout(() => child.kill("SIGKILL"), 15_000);
      child.on("close", () => (clearTimeout(timer), resolve(stdout)));
    });
  if (!escapes.skipped) {
    const feed = await startHostileServer(
      (_req, res) =>
        sendJson(res, 200, {
          schemaVersion: 1,
          count: 10,
          items: Array.from({ length: 10 }, (_, i) => ({
            rank: i + 1,
            title: `T${i}${NASTY}`,
            summary: NASTY,
            sourceNames: [NASTY],
            sourceCount: 1,
            itemCount: 1,
            score: 1,
          })),
        }),
      { lifetimeMs: 120_000 },
    );
    for (let i = 0; i < rounds; i++) {
      const stdout = await run(feed.origin);
      escapes.runs++;
      escapes.planted += 30 * 4;
      // Counted only over output that shows the titles: an empty run proves nothing.
      escapes.titlesShown += Array.from({ length: 10 }, (_, t) => stdout.includes(`T${t}`)).filter(
        Boolean,
      ).length;
      escapes.survived += (
        stdout.replace(/\x1b\[[0-9;]*m/g, "").match(/[\x00-\x08\x0b-\x1f\x7f-\x9f]/g) ?? []
      ).length;
    }
    await feed.stop();
  }
  return { bodies, bytesSent, loops, escapes };
}
