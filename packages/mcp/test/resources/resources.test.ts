import type { FeedFake } from "@feedgate/mock";
import { fakeTime } from "@feedgate/test-harness";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createResourceWatchers, type ResourceWatchers } from "../../src/index.js";
import {
  connect,
  hits,
  kitOn,
  mcpTestServers,
  pollAroundOneChange,
  updatesOf,
  WATCHED_ROUTES_LIVE_1S,
} from "../support/helpers.js";

let fake: FeedFake;
let watchers: ResourceWatchers;

const servers = mcpTestServers();
beforeAll(async () => {
  fake = await servers.feed(WATCHED_ROUTES_LIVE_1S);
});
afterAll(() => watchers?.close());

it("lists and reads the three resources", async () => {
  const kit = kitOn(fake.url);
  const { client, close } = await connect({ kit });
  const { resources } = await client.listResources();
  expect(resources.map((r) => r.uri).sort()).toEqual([
    "feedgate://daily/latest",
    "feedgate://hot-topics",
    "feedgate://resets/recent",
  ]);
  const read = await client.readResource({ uri: "feedgate://hot-topics" });
  expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ count: 10 });
  await close();
});

it("a subscription sends exactly one update when the content changes, and its watcher stops with the last subscriber", async () => {
  // Fake time: each poll waits for `advance()`; the waits must be the cadence (60 s), not s-maxage (1 s).
  const time = fakeTime(Date.parse("2026-11-20T00:00:00Z"));
  const started = time.clock.now();
  const kit = kitOn(fake.url, { clock: time.clock, sleep: time.sleep, random: () => 0 });
  watchers = createResourceWatchers(kit);
  const { client, close } = await connect({ kit, watchers });
  const updates = updatesOf(client);
  const path = "/api/v1/hot-topics";
  const before = hits(fake, path).length;
  await client.subscribeResource({ uri: "feedgate://hot-topics" });
  expect(watchers.active()).toEqual(["feedgate://hot-topics"]);
  await pollAroundOneChange(fake, time, [path, before], updates, () =>
    fake.hotTopics.set([...fake.hotTopics.list()].reverse()),
  );
  // Two more polls with nothing new after the change: still exactly one update.
  expect(updates).toEqual(["feedgate://hot-topics"]);
  expect(
    hits(fake, path)
      .slice(before + 1)
      .every((r) => r.headers["if-none-match"]),
  ).toBe(true);
  expect(time.clock.now() - started).toBe(4 * 60_000);
  await client.unsubscribeResource({ uri: "feedgate://hot-topics" });
  expect(watchers.active()).toEqual([]);
  await close();
});

it("subscribing to an unknown resource is refused", async () => {
  const { client, close } = await connect({ kit: kitOn(fake.url) });
  await expect(client.subscribeResource({ uri: "feedgate://nope" })).rejects.toThrow(
    /no subscribable resource/,
  );
  await close();
});

it("a failed read is a protocol error with the typed error's cleaned line and hint", async () => {
  fake.faults.add({
    route: "hotTopics",
    fault: { type: "status", status: 503, retryAfter: 0 },
    times: 3,
  });
  const { client, close } = await connect({ kit: kitOn(fake.url) });
  await expect(client.readResource({ uri: "feedgate://hot-topics" })).rejects.toThrow(
    /HTTP 503.* — hint: /,
  );
  expect((await client.readResource({ uri: "feedgate://hot-topics" })).contents).toHaveLength(1);
  await close();
});
