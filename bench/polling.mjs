// Benchmark 4 — polling efficiency: one simulated hour (fake clock) of watching the hot topics
// and the Codex reset calendar against @feedgate/mock, with the kit's watchers
// (`watchHotTopics`, `watchResets`: conditional requests, waits from Cache-Control) vs a naive
// poller that ignores ETags and Cache-Control and fetches both every 10 s. Same fake data and
// the same schedule of changes for both.
import { createFakeClock, startFeedFake } from "@feedgate/mock";
import { prng } from "./lib/chunks.mjs";
import { loadKit } from "./lib/kit.mjs";
import { ratioText, shownRatio } from "./lib/stats.mjs";
import { virtualTime } from "./lib/virtual-time.mjs";

const HOUR = 3_600_000;
const NAIVE_INTERVAL_MS = 10_000;
const HOT_TOPICS_EVERY_MS = 10 * 60_000; // the hot topics change every 10 minutes
const RESET_AT_MS = 30 * 60_000; // one new reset event, half-way through
const PATHS = { hot: "/api/v1/hot-topics", resets: "/api/v1/codex-resets/recent" };

/** A fetch that passes through and counts body bytes and the Cache-Control seen, per path. */
function countingFetch(traffic) {
  return async (input, init) => {
    const request =
      input instanceof Request && init === undefined ? input : new Request(input, init);
    const response = await fetch(request);
    const bytes = await response.arrayBuffer();
    const path = new URL(request.url).pathname;
    const t = (traffic[path] ??= { bytes: 0, cacheControl: undefined });
    t.bytes += bytes.byteLength;
    t.cacheControl ??= response.headers.get("cache-control") ?? undefined;
    const nullBody = [101, 204, 205, 304].includes(response.status);
    return new Response(nullBody ? null : bytes, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}

/** The fixed schedule of server-side changes over the hour. */
async function schedule(fake, start) {
  const base = fake.hotTopics.list();
  if (base.length === 0) throw new Error("@feedgate/mock's seeded data has no hot topics");
  const resets = await (await fetch(`${fake.url}/api/v1/codex-resets`)).json();
  const changes = [];
  for (let at = HOT_TOPICS_EVERY_MS, n = 1; at < HOUR; at += HOT_TOPICS_EVERY_MS, n++) {
    changes.push({
      at: start + at,
      what: "hot topics",
      apply: () =>
        fake.hotTopics.set(
          base.map((t, i) =>
            i === 0
              ? {
                  ...t,
                  signalCount: t.signalCount + n,
                  latestAt: new Date(start + at).toISOString(),
                }
              : t,
          ),
        ),
    });
  }
  changes.push({
    at: start + RESET_AT_MS,
    what: "reset calendar",
    apply: () => {
      const stamp = new Date(start + RESET_AT_MS).toISOString();
      const [template] = resets.events;
      const fresh = {
        ...template,
        id: "bench-reset-new",
        status: "announced",
        createdAt: stamp,
        updatedAt: stamp,
        confirmedAt: null,
      };
      fake.resets.set([fresh, ...resets.events]);
    },
  });
  return changes.sort((a, b) => a.at - b.at);
}

/** One simulated hour with the given pollers; returns what the fake recorded. */
async function simulate(startPollers) {
  const clock = createFakeClock();
  const fake = await startFeedFake({ clock, data: "seeded" });
  try {
    const start = clock.now();
    const changes = await schedule(fake, start);
    const pending = [...changes];
    fake.requests.length = 0;
    const time = virtualTime(clock);
    const stop = new AbortController();
    const traffic = {};
    const seen = { hot: 0, resets: 0 };
    const tasks = startPollers({ fake, clock, time, signal: stop.signal, traffic, seen });
    await time.runUntil(start + HOUR, {
      onTime(t) {
        while (pending.length > 0 && pending[0].at <= t) {
          const change = pending.shift();
          clock.set(change.at);
          change.apply();
        }
      },
    });
    stop.abort(new Error("the simulated hour is over"));
    await Promise.all(tasks);
    if (time.failures.length > 0) throw new Error(time.failures.join("\n"));
    const requests = fake.requests.filter((r) => r.at < start + HOUR);
    const per = {};
    for (const [key, path] of Object.entries(PATHS)) {
      const list = requests.filter((r) => r.path === path);
      const gaps = list.slice(1).map((r, i) => r.at - list[i].at);
      const sMaxAge = /s-maxage=(\d+)/.exec(traffic[path]?.cacheControl ?? "")?.[1];
      per[key] = {
        requests: list.length,
        notModified: list.filter((r) => r.status === 304).length,
        bytes: traffic[path]?.bytes ?? 0,
        minGapMs: gaps.length > 0 ? Math.min(...gaps) : Infinity,
        sMaxAgeMs: sMaxAge === undefined ? undefined : Number(sMaxAge) * 1000,
        versions: seen[key],
      };
    }
    const expected = {
      hot: 1 + changes.filter((c) => c.what === "hot topics").length,
      resets: 1 + changes.filter((c) => c.what === "reset calendar").length,
    };
    return { per, expected };
  } finally {
    await fake.close();
  }
}

export async function run({ log }) {
  const kit = await loadKit(["createFeedKit"]);
  const random = prng(42);

  const feedgate = await simulate(({ fake, clock, time, signal, traffic, seen }) => {
    const client = kit.createFeedKit({
      baseUrl: fake.url,
      clock,
      sleep: time.sleep,
      random,
      fetch: countingFetch(traffic),
    });
    if (typeof client.watchHotTopics !== "function" || typeof client.watchResets !== "function") {
      throw new Error("createFeedKit() has no watchHotTopics / watchResets");
    }
    return [
      time.spawn("watchHotTopics", async () => {
        for await (const version of client.watchHotTopics({ signal })) if (version.data) seen.hot++;
      }),
      time.spawn("watchResets", async () => {
        for await (const update of client.watchResets({ signal })) if (update.events) seen.resets++;
      }),
    ];
  });
  log("feedgate hour simulated");

  const naive = await simulate(({ fake, time, signal, traffic, seen }) => {
    const get = countingFetch(traffic);
    const last = {};
    return [
      time.spawn("naive poller", async () => {
        for (let i = 0; i < HOUR / NAIVE_INTERVAL_MS + 1 && !signal.aborted; i++) {
          for (const [key, path] of Object.entries(PATHS)) {
            const body = await (
              await get(`${fake.url}${path}`, { headers: { accept: "application/json" } })
            ).text();
            const data = JSON.parse(body);
            // A version is new when its content is (ignoring the always-moving check time).
            const content = JSON.stringify(key === "resets" ? data.events : data.items);
            if (content !== last[key]) seen[key]++;
            last[key] = content;
          }
          try {
            await time.sleep(NAIVE_INTERVAL_MS, signal);
          } catch {
            return;
          }
        }
      }),
    ];
  });
  log("naive hour simulated");

  const total = (r, field) => r.per.hot[field] + r.per.resets[field];
  const rows = [];
  const lines = [];
  const f = feedgate;
  const n = naive;
  const share = (r) => total(r, "notModified") / total(r, "requests");
  const kb = (b) => `${(b / 1000).toFixed(1)} kB`;
  const sec = (ms) => (Number.isFinite(ms) ? `${(ms / 1000).toFixed(1)} s` : "—");
  for (const [label, r] of [
    ["feedgate", f],
    ["naive", n],
  ]) {
    lines.push(
      `${label.padEnd(8)} requests ${total(r, "requests")} (hot ${r.per.hot.requests}, resets ${r.per.resets.requests}); 304 ${total(r, "notModified")} (${(share(r) * 100).toFixed(0)}%); body bytes ${kb(total(r, "bytes"))}; min gap hot ${sec(r.per.hot.minGapMs)} / resets ${sec(r.per.resets.minGapMs)} (s-maxage ${sec(r.per.hot.sMaxAgeMs)} / ${sec(r.per.resets.sMaxAgeMs)}); versions seen hot ${r.per.hot.versions}/${r.expected.hot}, resets ${r.per.resets.versions}/${r.expected.resets}`,
    );
  }
  for (const [label, r] of [
    ["feedgate", f],
    ["naive", n],
  ]) {
    if (r.per.hot.versions !== r.expected.hot || r.per.resets.versions !== r.expected.resets) {
      throw new Error(
        `${label} saw ${r.per.hot.versions}/${r.expected.hot} hot-topic and ${r.per.resets.versions}/${r.expected.resets} reset versions: a poller missed a change`,
      );
    }
  }
  const reqRatio = total(f, "requests") / total(n, "requests");
  const byteRatio = total(f, "bytes") / total(n, "bytes");
  const hourly = `1 simulated hour, hot topics + reset calendar`;
  rows.push({
    benchmark: `polling: requests in ${hourly} (ratio = feedgate ÷ naive, lower is better)`,
    feedgate: `${total(f, "requests")} (hot topics ${f.per.hot.requests}, resets ${f.per.resets.requests})`,
    reference: `naive every ${NAIVE_INTERVAL_MS / 1000} s: ${total(n, "requests")} (${n.per.hot.requests} + ${n.per.resets.requests})`,
    ratio: reqRatio,
    goal: "< 1.00",
    met: shownRatio(reqRatio) < 1,
  });
  rows.push({
    benchmark: `polling: share of answers that were 304 Not Modified, ${hourly}`,
    feedgate: `${(share(f) * 100).toFixed(0)}% (${total(f, "notModified")} of ${total(f, "requests")})`,
    reference: `naive: ${(share(n) * 100).toFixed(0)}% (${total(n, "notModified")} of ${total(n, "requests")}; it never sends If-None-Match)`,
    ratio: "—",
    goal: "—",
    met: null,
  });
  rows.push({
    benchmark: `polling: response body bytes in ${hourly} (ratio = feedgate ÷ naive, lower is better)`,
    feedgate: kb(total(f, "bytes")),
    reference: `naive: ${kb(total(n, "bytes"))}`,
    ratio: byteRatio,
    goal: "< 1.00",
    met: shownRatio(byteRatio) < 1,
  });
  const gapOk = (r) =>
    ["hot", "resets"].every(
      (k) => r.per[k].sMaxAgeMs !== undefined && r.per[k].minGapMs >= r.per[k].sMaxAgeMs,
    );
  const gapRatio = Math.min(
    f.per.hot.minGapMs / f.per.hot.sMaxAgeMs,
    f.per.resets.minGapMs / f.per.resets.sMaxAgeMs,
  );
  rows.push({
    benchmark: `polling: shortest gap between two polls of the same resource vs its s-maxage (ratio = feedgate's min gap ÷ s-maxage, ≥ 1.00 = never faster than the cache)`,
    feedgate: `hot topics ${sec(f.per.hot.minGapMs)}, resets ${sec(f.per.resets.minGapMs)} (s-maxage ${sec(f.per.hot.sMaxAgeMs)}, ${sec(f.per.resets.sMaxAgeMs)})`,
    reference: `naive: ${sec(n.per.hot.minGapMs)}, ${sec(n.per.resets.minGapMs)} (ratio ${ratioText(Math.min(n.per.hot.minGapMs / n.per.hot.sMaxAgeMs, n.per.resets.minGapMs / n.per.resets.sMaxAgeMs))})`,
    ratio: gapRatio,
    goal: "≥ 1.00",
    met: gapOk(f),
  });
  const notes = [
    `Polling: @feedgate/mock's feed fake (seeded data) on a fake clock, one simulated hour, driven step by step (a poller's wait parks it until the driver moves the fake clock to its wake-up time, once every poller is parked). Server-side changes, the same for both runs: the hot topics change every ${HOT_TOPICS_EVERY_MS / 60_000} minutes (${f.expected.hot - 1} times), and a new reset event appears at minute ${RESET_AT_MS / 60_000}. feedgate: \`createFeedKit({ clock, sleep })\` with \`watchHotTopics()\` and \`watchResets()\` at their defaults (conditional GETs with the ETag as received; waits of at least s-maxage plus up to 10% jitter; the reset watcher polls /codex-resets/recent every 5 minutes). Reference: a naive poller that GETs /hot-topics and /codex-resets/recent every ${NAIVE_INTERVAL_MS / 1000} s without If-None-Match, ignoring Cache-Control. Both saw every change (feedgate ${f.per.hot.versions} hot-topic and ${f.per.resets.versions} reset versions; naive ${n.per.hot.versions} and ${n.per.resets.versions}); the naive poller sees a change sooner (within ${NAIVE_INTERVAL_MS / 1000} s rather than about a minute, five for resets), but behind the service's CDN a poll faster than s-maxage only gets the cached copy. Bytes: response bodies as received (304s have none). Requests, statuses and times as the fake recorded them.`,
  ];
  return { rows, lines, notes };
}
