import { startFeedFake } from "@feedgate/mock";
import { describe, expect, it } from "vitest";
import { eachFeedFake, fakeKit } from "../support/fake-kit.js";

const fx = eachFeedFake();

const storyIdFrom = (link: string) => link.split("/").pop()!;

describe("merge-following against the fake", () => {
  it("follows a hot topic's story link through a merge and reports the surviving id", async () => {
    const { kit } = fakeKit(fx.fake);
    const topics = (await kit.hotTopics()).data.items;
    const survivor = storyIdFrom(topics[0]!.links.story!);
    const mergedTopic = topics[3]!;
    const merged = storyIdFrom(mergedTopic.links.story!);
    const result = await kit.getStory(mergedTopic);
    expect(result).toMatchObject({
      requestedId: merged,
      survivingId: survivor,
      mergedChain: [merged],
    });
    expect(result.story.publicId).toBe(survivor);
    expect(fx.fake.requests.slice(-2).map((r) => r.status)).toEqual([308, 200]);
  });

  it("follows a story's storyline and related refs, as the answer gives them, through a merge", async () => {
    const { kit } = fakeKit(fx.fake);
    const topics = (await kit.hotTopics()).data.items;
    const survivor = storyIdFrom(topics[0]!.links.story!);
    const merged = storyIdFrom(topics[3]!.links.story!);
    const { story: host } = await kit.getStory(topics[1]!);
    const neighbor = (publicId: string, relation: string) => ({
      publicId,
      title: "Neighbour",
      relation,
      links: {
        aihot: `${fx.fake.url}/story/${publicId}`,
        api: `${fx.fake.url}/api/v1/stories/${publicId}`,
      },
    });
    fx.fake.stories.set({
      ...host,
      storyline: [neighbor(merged, "storyline")],
      related: [neighbor(merged, "related")],
    });
    const { story } = await kit.getStory(host.publicId);
    for (const ref of [story.storyline[0]!, story.related[0]!]) {
      const before = fx.fake.requests.length;
      const result = await kit.getStory(ref);
      expect(result).toMatchObject({
        requestedId: merged,
        survivingId: survivor,
        mergedChain: [merged],
      });
      expect(fx.fake.requests.slice(before).map((r) => r.status)).toEqual([308, 200]);
    }
    // The API link alone names the story too.
    const apiOnly = await kit.getStory({ links: { api: story.related[0]!.links.api } });
    expect(apiOnly.survivingId).toBe(survivor);
  });

  it("never derives an id from a hot topic without a story link", async () => {
    const { kit } = fakeKit(fx.fake);
    const topics = (await kit.hotTopics()).data.items;
    const linkless = topics.find((t) => t.links.story === undefined)!;
    const before = fx.fake.requests.length;
    await expect(kit.getStory(linkless)).rejects.toMatchObject({
      kind: "invalid_request",
      param: "links.story",
    });
    expect(fx.fake.requests.length).toBe(before);
  });

  it("follows a chain hop by hop and refuses loops", async () => {
    const { kit } = fakeKit(fx.fake);
    const survivor = storyIdFrom((await kit.hotTopics()).data.items[0]!.links.story!);
    fx.fake.stories.redirect("x-1", "/api/v1/stories/x-2");
    fx.fake.stories.redirect("x-2", `${fx.fake.url}/api/v1/stories/${survivor}`);
    expect(await kit.getStory("x-1")).toMatchObject({
      survivingId: survivor,
      mergedChain: ["x-1", "x-2"],
    });
    fx.fake.stories.redirect("loop-a", "/api/v1/stories/loop-b");
    fx.fake.stories.redirect("loop-b", "/api/v1/stories/loop-a");
    await expect(kit.getStory("loop-a")).rejects.toMatchObject({
      kind: "redirect",
      code: "redirect_loop",
    });
  });

  it("refuses a 308 to another origin without requesting it", async () => {
    const { kit } = fakeKit(fx.fake);
    const other = await startFeedFake();
    try {
      fx.fake.stories.redirect("away", `${other.url}/api/v1/stories/away`);
      await expect(kit.getStory("away")).rejects.toMatchObject({
        kind: "redirect",
        code: "cross_origin_redirect",
      });
      expect(other.requests).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});
