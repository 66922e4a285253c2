import { describe, expect, it } from "vitest";
import { eachFeedFake, fakeKit } from "../support/fake-kit.js";

const fx = eachFeedFake();

const storyIdFrom = (link: string) => link.split("/").pop()!;

describe("watching one story, conditionally, through its merges", () => {
  it("typed calls take ifNoneMatch and answer not modified, without request()", async () => {
    const { kit } = fakeKit(fx.fake);
    const first = await kit.hotTopics();
    const again = await kit.hotTopics({ ifNoneMatch: first.meta.etag! });
    expect(again).toMatchObject({ notModified: true, data: undefined, etag: first.meta.etag });
    const { data } = await kit.dailies();
    const date = data.items[0]!.date;
    const daily = await kit.dailyByDate(date);
    expect(await kit.dailyByDate(date, { ifNoneMatch: daily.meta.etag! })).toMatchObject({
      notModified: true,
    });
    const page = await kit.items({ limit: 3 });
    expect(await kit.items({ limit: 3 }, { ifNoneMatch: page.meta.etag! })).toMatchObject({
      notModified: true,
    });
    // Unconditional calls answer as before.
    expect(await kit.items({ limit: 3 })).toEqual({ data: page.data, meta: expect.any(Object) });
    expect(fx.fake.requests.filter((r) => r.status === 304)).toHaveLength(3);
    expect(
      fx.fake.requests
        .filter((r) => r.status === 304)
        .every((r) => r.headers["if-none-match"] !== undefined),
    ).toBe(true);
  });

  it("getStory with ifNoneMatch answers not modified through a merge", async () => {
    const { kit } = fakeKit(fx.fake);
    const topics = (await kit.hotTopics()).data.items;
    const merged = storyIdFrom(topics[3]!.links.story!);
    const first = await kit.getStory(merged);
    const again = await kit.getStory(merged, { ifNoneMatch: first.etag! });
    expect(again).toMatchObject({
      notModified: true,
      story: undefined,
      survivingId: first.survivingId,
      mergedChain: [merged],
    });
    // If-None-Match went out on every hop; the surviving story answered 304.
    const last = fx.fake.requests.slice(-2);
    expect(last.map((r) => r.status)).toEqual([308, 304]);
    expect(last.every((r) => r.headers["if-none-match"] === first.etag)).toBe(true);
  });

  it("watchStory yields a rewritten digest and follows a merge that happens while watching", async () => {
    const topics0 = fx.fake.hotTopics.list();
    const watched = storyIdFrom(topics0[1]!.links.story!);
    const survivor = storyIdFrom(topics0[0]!.links.story!);
    const step = { n: 0 };
    const { kit } = fakeKit(fx.fake);
    const { story } = await kit.getStory(watched);
    const versions = [];
    for await (const version of kit.watchStory(watched, { jitter: 0 })) {
      versions.push(version);
      step.n += 1;
      if (step.n === 1)
        fx.fake.stories.set({
          ...story,
          digest: "The event evolved.",
          digestUpdatedAt: new Date(fx.fake.clock.now()).toISOString(),
        });
      else if (step.n === 2) fx.fake.stories.merge(watched, survivor);
      else break;
    }
    expect(versions.map((v) => v.story.digest)).toEqual([
      story.digest,
      "The event evolved.",
      expect.anything(),
    ]);
    expect(versions[2]).toMatchObject({
      requestedId: watched,
      survivingId: survivor,
      mergedChain: [watched],
    });
    expect(versions[2]!.story.publicId).toBe(survivor);
    const polls = fx.fake.requests.filter((r) => r.route === "storyByPublicId").slice(1);
    // Every poll after the first is conditional, and unchanged ones are 304.
    expect(polls.slice(1).every((r) => r.headers["if-none-match"] !== undefined)).toBe(true);
    // The merge was met as a 308 while watching, and followed.
    const afterMerge = polls.findIndex((r) => r.status === 308);
    expect(afterMerge).toBeGreaterThan(0);
  });

  it("pollUntilChanged on a story no longer ends at the first 308", async () => {
    const topics = fx.fake.hotTopics.list();
    const merged = storyIdFrom(topics[3]!.links.story!);
    const survivor = storyIdFrom(topics[0]!.links.story!);
    const { kit } = fakeKit(fx.fake);
    const versions = [];
    for await (const version of kit.pollUntilChanged(
      "storyByPublicId",
      { path: { publicId: merged } },
      { jitter: 0 },
    )) {
      versions.push(version);
      break;
    }
    expect(versions[0]!.data.story.publicId).toBe(survivor);
  });
});
