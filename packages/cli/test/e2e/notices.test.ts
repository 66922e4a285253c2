import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFeedFake, type FeedFake } from "@feedgate/mock";
import { startCli } from "./helpers.js";

let feed: FeedFake;
beforeAll(async () => {
  feed = await startFeedFake();
});
afterAll(async () => {
  await feed.close();
});

describe("the CLI says when it changes the interval asked for", () => {
  it("hot --watch --interval 1 against a 60 s cache lifetime: one line on stderr, then it keeps watching", async () => {
    const cli = startCli(["hot", "--watch", "--interval", "1"], { FEEDGATE_FEED_URL: feed.url });
    await cli.waitFor(/raised/);
    cli.child.kill("SIGINT");
    const result = await cli.done;
    expect(result.stderr).toMatch(/^feedgate: hotTopics: the interval of 1000 ms was raised to the service's cache lifetime \(60000 ms\)$/m);
    expect(result.stderr.match(/raised/g)).toHaveLength(1);
    expect(result.code).toBe(130);
  });
});
