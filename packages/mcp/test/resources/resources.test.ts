import type { FeedFake } from "@feedgate/mock";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createResourceWatchers, type ResourceWatchers } from "../../src/index.js";
import {
  connect,
  hits,
  kitOn,
  mcpTestServers,
  until,
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
  // The poller's waits, recorded (then made for real): none may be shorter than s-maxage (1 s here).
  const waits: number[] = [];
  const sleep = (ms: number, signal?: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      waits.push(ms);
      const timer = setTimeout(resolve, ms);
      signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), {
        once: true,
      });
    });
  const kit = kitOn(fake.url, { sleep });
  watchers = createResourceWatchers(kit);
  const { client, close } = await connect({ kit, watchers });
  const updates: string[] = [];
  client.setNotificationHandler(
    ResourceUpdatedNotificationSchema,
    (n) => void updates.push(n.params.uri),
  );
  const path = "/api/v1/hot-topics";
  const before = hits(fake, path).length;
  await client.subscribeResource({ uri: "feedgate://hot-topics" });
  expect(watchers.active()).toEqual(["feedgate://hot-topics"]);
  // The baseline version, then at least one conditional poll answered 304: nothing changed, nothing sent.
  await until(fake, () =>
    hits(fake, path)
      .slice(before)
      .some((r) => r.status === 304),
  );
  expect(updates).toEqual([]);
  expect(
    hits(fake, path)
      .slice(before + 1)
      .every((r) => r.headers["if-none-match"] !== undefined),
  ).toBe(true);

  fake.hotTopics.set([...fake.hotTopics.list()].reverse());
  await until(fake, () => updates.length > 0);
  const changedAt = hits(fake, path).length;
  // Two more polls with nothing new: still exactly one update.
  await until(
    fake,
    () =>
      hits(fake, path)
        .slice(changedAt)
        .filter((r) => r.status === 304).length >= 2,
  );
  expect(updates).toEqual(["feedgate://hot-topics"]);
  expect(waits.length).toBeGreaterThanOrEqual(3);
  for (const ms of waits) expect(ms).toBeGreaterThanOrEqual(1000);
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
