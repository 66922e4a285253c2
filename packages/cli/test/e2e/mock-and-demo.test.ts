import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { HotTopicsResponse, StoryResponse } from "@feedgate/feed-client";
import { repoRoot } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { startDemoFakes } from "../../src/internal/demo/fakes.js";
import { allOutput, runCli, startCli, TEST_KEY } from "./helpers.js";

describe("feedgate mock", () => {
  it("runs the seeded fakes until Ctrl-C, printing their URLs; they answer; exit 130", async () => {
    const cli = startCli(["mock", "--json"], { FEEDGATE_API_KEY: TEST_KEY });
    await cli.waitFor(/"gatewayUrl"/);
    const urls = JSON.parse(cli.stdout().trim().split("\n")[0]!) as {
      feedUrl: string;
      gatewayUrl: string;
    };
    expect(urls.feedUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const hot = await fetch(`${urls.feedUrl}/api/v1/hot-topics`);
    expect(hot.status).toBe(200);
    expect(((await hot.json()) as { count: number }).count).toBe(10);
    // The fake gateway accepts the configured key, through the CLI itself.
    const tokens = await runCli(["tokens", "hello", "--model", "gpt-5.2"], {
      FEEDGATE_GATEWAY_URL: urls.gatewayUrl,
      FEEDGATE_API_KEY: TEST_KEY,
    });
    expect(tokens.code).toBe(0);
    cli.interrupt();
    const result = await cli.done;
    expect(result.code).toBe(130);
    // Stopped: the port no longer answers.
    await expect(fetch(`${urls.feedUrl}/api/v1/hot-topics`)).rejects.toThrow();
    for (const text of allOutput) expect(text).not.toContain(TEST_KEY.slice(3));
  });

  it("prints human instructions for one fake, and the command it prints runs as printed in a clone", async () => {
    const cli = startCli(["mock", "feed"]);
    await cli.waitFor(/pnpm exec feedgate hot/);
    expect(cli.stdout()).not.toContain("gateway fake");
    const feedUrl = /export FEEDGATE_FEED_URL=(http:\/\/127\.0\.0\.1:\d+)/.exec(cli.stdout())![1]!;
    const printed = await promisify(execFile)("pnpm", ["exec", "feedgate", "hot", "--json"], {
      cwd: repoRoot(),
      env: { ...process.env, FEEDGATE_FEED_URL: feedUrl },
    });
    expect(JSON.parse(printed.stdout).items).toHaveLength(10);
    cli.interrupt();
    expect((await cli.done).code).toBe(130);
  });

  it("every story its seed links resolves: hot topics', stories' neighbours' (merges followed)", async () => {
    const fakes = await startDemoFakes({ gateway: false });
    try {
      const get = async <T>(path: string): Promise<T> => {
        const response = await fetch(new URL(path, fakes.feed!.url));
        expect(response.status, path).toBe(200);
        return (await response.json()) as T;
      };
      const hot = await get<HotTopicsResponse>("/api/v1/hot-topics");
      const ids = hot.items.flatMap((t) => t.links.story?.split("/").slice(-1) ?? []);
      const seen = new Set<string>();
      while (ids.length > 0) {
        const id = ids.shift()!;
        if (seen.has(id)) continue;
        seen.add(id);
        const { story } = await get<StoryResponse>(`/api/v1/stories/${id}`);
        for (const n of [...story.storyline, ...story.related]) ids.push(n.publicId);
      }
      expect(seen.size).toBe(4); // the mock seeds 4 stories, one merged
    } finally {
      await fakes.close();
    }
  });
});

describe("feedgate demo", () => {
  it("walks through every capability in under 30 s, exits 0 and leaves nothing running", async () => {
    const started = performance.now();
    const result = await runCli(["demo"], {}, 40_000);
    const seconds = (performance.now() - started) / 1000;
    expect(result.code).toBe(0);
    expect(seconds).toBeLessThan(30);
    const out = result.stdout;
    for (let n = 1; n <= 12; n += 1) expect(out).toContain(`━━ ${n}/12 `);
    expect(out).toContain("Synthetic report 1 on agents"); // hot topics
    expect(result.stderr).toMatch(/\d+ items in \d+ pages/); // every page of items
    expect(out).toMatch(/merged: \S+ was merged into \S+/); // the merge redirect
    // The watch polls conditionally: a 304 while the calendar is unchanged, then the change as a 200.
    expect(out).toMatch(
      /\d{2}:\d{2}:\d{2}Z = unchanged 304 Not Modified \(sent If-None-Match W\/"v1-codex-resets-recent-[0-9a-f]{16}"\)/,
    );
    expect(out).toMatch(/the feed fake answered the watch's polls 200( → 304)+ → 200 /);
    expect(out).toMatch(/\+ added/); // a change during the watch
    expect(out).toMatch(/- withdrawn/);
    expect(out).toMatch(/selected items mirrored .*snapshot taken/);
    expect(out).toMatch(/resumed from the saved cursor; 3 changes applied/);
    expect(out).toMatch(/\.png$/m); // the image file
    expect(out).toContain("今天的热点集中在开源多模态模型"); // the streamed text
    expect(out).toMatch(
      /tools\/list → search_items, hot_topics, get_story, daily_report, reset_calendar/,
    ); // the MCP session
    expect(out).toMatch(/Note: story \S+ was merged into \S+/);
    expect(out).toMatch(/requests sent: 0/);
    // Record → replay: the same count twice, the second from the file.
    expect(out).toMatch(
      /(\d+) input tokens .*\n\1 input tokens .*\nthe second answer came from .*calls\.har/,
    );
    expect(result.stderr).toMatch(/1 recorded answers from .*calls\.har: 0 drift/);
    expect(out).toMatch(/demo finished in \d+\.\d s/);
  }, 120_000);
});
