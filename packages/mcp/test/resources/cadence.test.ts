import { fakeTime } from "@feedgate/test-harness";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { createResourceWatchers } from "../../src/index.js";
import {
  connect,
  hits,
  kitOn,
  mcpTestServers,
  until,
  WATCHED_ROUTES_LIVE_1S,
} from "../support/helpers.js";

const servers = mcpTestServers();
// 2026-11-20 08:00 in Shanghai.
const START = Date.parse("2026-11-20T00:00:00Z");
const HOUR = 3_600_000;

/** Subscribes to `uris` on a kit running on fake time, and runs that time up to `START + ms`. */
async function subscribedFor(uris: string[], ms: number) {
  const fake = await servers.feed(WATCHED_ROUTES_LIVE_1S);
  const time = fakeTime(START);
  const kit = kitOn(fake.url, { clock: time.clock, sleep: time.sleep, random: () => 0 });
  const watchers = createResourceWatchers(kit);
  const { client, close } = servers.track(await connect({ kit, watchers }));
  const updates: string[] = [];
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (n) => {
    updates.push(n.params.uri);
  });
  for (const uri of uris) await client.subscribeResource({ uri });
  // Each round: every watcher asleep, then the earliest wakes; bounded.
  const run = async (until_: number) => {
    for (let round = 0; round < 500; round++) {
      await until(fake, () => time.pending() === uris.length);
      if (time.next() >= until_) return;
      time.advance();
    }
    throw new Error("more than 500 rounds");
  };
  await run(START + ms);
  return { fake, time, run, updates, client, watchers, close };
}

describe("MCP subscriptions poll at the document's cadence, not at s-maxage", () => {
  it("in one fake hour at s-maxage=1: hot topics 60 times, the recent calendar 12, the latest daily at start and 08:05", async () => {
    const { fake, watchers } = await subscribedFor(
      ["feedgate://hot-topics", "feedgate://resets/recent", "feedgate://daily/latest"],
      HOUR,
    );
    expect(hits(fake, "/api/v1/hot-topics")).toHaveLength(60);
    expect(hits(fake, "/api/v1/codex-resets/recent")).toHaveLength(12);
    expect(hits(fake, "/api/v1/dailies/latest")).toHaveLength(2);
    watchers.close();
  });

  it("the latest daily follows the daily schedule: 08:00 (start), 08:05, 10:00, 16:00, then 08:05 the next day", async () => {
    const { fake, watchers } = await subscribedFor(["feedgate://daily/latest"], 25 * HOUR);
    expect(hits(fake, "/api/v1/dailies/latest")).toHaveLength(5);
    watchers.close();
  });
});

describe("a story is a subscribable resource", () => {
  it("reads like get_story, sends one update when its digest changes, polls every 60 s", async () => {
    const probe = await servers.feed(WATCHED_ROUTES_LIVE_1S);
    const id = probe.hotTopics.list()[0]!.links.story!.split("/").pop()!;
    const uri = `feedgate://stories/${id}`;
    const { fake, time, run, updates, client, watchers } = await subscribedFor([uri], 10 * 60_000);
    const path = `/api/v1/stories/${id}`;
    expect(hits(fake, path)).toHaveLength(10);
    expect(updates).toEqual([]);
    const read = await client.readResource({ uri });
    expect(JSON.parse((read.contents[0] as { text: string }).text)).toMatchObject({ id });
    const { story } = await kitOn(fake.url).getStory(id);
    fake.stories.set({ ...story, digest: "The event evolved." });
    await run(time.clock.now() + 2 * 60_000);
    expect(updates).toEqual([uri]);
    await expect(
      client.subscribeResource({ uri: "feedgate://stories/../../etc/passwd" }),
    ).rejects.toThrow(/no subscribable resource/);
    watchers.close();
  });
});
