import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type FeedFake, startFeedFake } from "@feedgate/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startDemoFakes } from "../../src/internal/demo/fakes.js";
import { jsonLines, runCli, startCli } from "./helpers.js";

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
    cli.interrupt();
    const result = await cli.done;
    expect(result.stderr).toMatch(
      /^feedgate: hotTopics: the interval of 1000 ms was raised to the service's cache lifetime \(60000 ms\)$/m,
    );
    expect(result.stderr.match(/raised/g)).toHaveLength(1);
    expect(result.code).toBe(130);
  });
});

describe("the CLI says when it re-snapshots a mirror", () => {
  it("a copy keeps its --fields when none is given; a different --fields is said once, then re-snapshotted", async () => {
    const fakes = await startDemoFakes({ gateway: false, selected: 30 });
    const dir = await mkdtemp(join(tmpdir(), "feedgate-fields-"));
    try {
      const env = { FEEDGATE_FEED_URL: fakes.feed!.url };
      const first = await runCli(["mirror", dir, "--fields", "minimal", "--json"], env);
      expect(first.code).toBe(0);
      const again = await runCli(["mirror", dir, "--json"], env);
      expect(again.stderr).not.toContain("taking a new snapshot");
      expect(
        jsonLines(again.stdout).at(-1) as { fields: string; snapshotTaken: boolean },
      ).toMatchObject({ fields: "minimal", snapshotTaken: false });
      const changed = await runCli(["mirror", dir, "--fields", "default", "--json"], env);
      expect(changed.code).toBe(0);
      expect(
        changed.stderr.match(
          /holds --fields minimal; taking a new snapshot with --fields default/g,
        ),
      ).toHaveLength(1);
      expect(
        jsonLines(changed.stdout).at(-1) as { fields: string; snapshotTaken: boolean },
      ).toMatchObject({ fields: "default", snapshotTaken: true });
    } finally {
      await fakes.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
