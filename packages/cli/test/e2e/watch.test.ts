import type { FeedFake, ResetEvent } from "@feedgate/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  calendarAfter,
  DEMO_CACHE_CONTROL,
  type DemoFakes,
  startDemoFakes,
} from "../../src/internal/demo/fakes.js";
import { cliEnv, expectValid, jsonLines, specs, startCli } from "./helpers.js";

let fakes: DemoFakes;
let feed: FeedFake;
let env: Record<string, string>;
/** The seeded reset calendar. */
let calendar: ResetEvent[];

beforeAll(async () => {
  // The watched routes answer with a one-second cache lifetime (the fake's cacheControl option).
  fakes = await startDemoFakes({ gateway: false, selected: 5, cacheControl: DEMO_CACHE_CONTROL });
  feed = fakes.feed!;
  env = cliEnv(fakes);
  calendar = feed.resets.list();
});
afterAll(() => fakes.close());

describe("watch modes: JSON lines, conditional polls, Ctrl-C exits 130", () => {
  it("hot --watch prints a new version only when the list changed", async () => {
    const cli = startCli(["hot", "--watch", "--interval", "0.5", "--json"], env);
    await cli.waitFor(/"schemaVersion":1/);
    const topics = feed.hotTopics.list().slice(0, 10);
    for (const [i, t] of topics.reverse().entries()) t.rank = i + 1;
    feed.hotTopics.set(topics);
    await cli.waitFor(/\n.*\n/);
    // Let one more poll happen: unchanged (same ETag), it prints nothing.
    const seen = feed.requests.filter((r) => r.path === "/api/v1/hot-topics").length;
    for (
      let i = 0;
      i < 40 && feed.requests.filter((r) => r.path === "/api/v1/hot-topics").length <= seen;
      i += 1
    ) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    cli.interrupt();
    const result = await cli.done;
    expect(result.code).toBe(130);
    const lines = jsonLines(result.stdout) as Array<{ items: Array<{ title: string }> }>;
    expect(lines).toHaveLength(2);
    for (const line of lines) expectValid(specs.feed.validateResponse("hotTopics", 200, line));
    expect(lines[1]!.items[0]!.title).toBe(lines[0]!.items[9]!.title);
    // Polls after the first are conditional: they send the ETag received, as received.
    const polls = feed.requests.filter((r) => r.path === "/api/v1/hot-topics");
    expect(polls.length).toBeGreaterThanOrEqual(3);
    expect(polls[1]!.headers["if-none-match"]).toMatch(/^W\/"v1-hot-[0-9a-f]{16}"$/);
    // The fake answered them as the service would: 200 for a new version, 304 while unchanged.
    const statuses = polls.map((p) => p.status);
    expect(statuses[0]).toBe(200);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.slice(1)).toContain(304);
  });

  it("story --watch --json prints each new version, merges followed, one JSON line each", async () => {
    const { from, into } = fakes.merged;
    const cli = startCli(["story", from, "--watch", "--interval", "0.5", "--json"], env);
    await cli.waitFor(/"schemaVersion":1/);
    const first = (jsonLines(cli.stdout()) as Array<{ story: object }>)[0]!;
    feed.stories.set({ ...first.story, digest: "The event evolved." } as never);
    await cli.waitFor(/The event evolved/);
    cli.interrupt();
    const result = await cli.done;
    expect(result.code).toBe(130);
    const lines = jsonLines(result.stdout) as Array<{
      story: { digest: string };
      merge: { requestedId: string; survivingId: string; chain: string[] };
    }>;
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      expectValid(specs.feed.validateResponse("storyByPublicId", 200, line));
      expect(line.merge).toEqual({
        requestedId: from,
        survivingId: into,
        chain: [from],
      });
    }
    expect(lines[1]!.story.digest).toBe("The event evolved.");
  });

  it("resets --recent --watch prints added, changed and withdrawn events", async () => {
    feed.resets.set(calendar);
    const cli = startCli(["resets", "--recent", "--watch", "--interval", "0.5", "--json"], env);
    await cli.waitFor(/"type":"calendar"/);
    feed.resets.set(calendarAfter(calendar, Date.now()));
    await cli.waitFor(/"type":"removed"/);
    cli.interrupt();
    const result = await cli.done;
    expect(result.code).toBe(130);
    expect(result.stderr).toContain("interrupted");
    const lines = jsonLines(result.stdout) as Array<{
      type: string;
      calendar?: unknown;
      event?: { id: string };
    }>;
    expect(lines[0]!.type).toBe("calendar");
    expectValid(specs.feed.validateResponse("codexResetsRecent", 200, lines[0]!.calendar));
    const changes = lines.slice(1).filter((line) => line.type !== "calendar");
    expect(changes.map((c) => `${c.type}:${c.event!.id}`).sort()).toEqual([
      "added:evt-next",
      "changed:evt-003",
      "removed:evt-002",
    ]);
    for (const change of changes)
      expectValid(specs.feed.validatePointer("#/components/schemas/CodexResetEvent", change.event));
  });

  it("resets --watch in human form shows the change lines", async () => {
    feed.resets.set(calendarAfter(calendar, Date.now() - 60_000).slice(1));
    const cli = startCli(["resets", "--recent", "--watch", "--interval", "0.5"], env);
    await cli.waitFor(/watching for added, changed and withdrawn events/);
    feed.resets.set(calendarAfter(calendar, Date.now()));
    await cli.waitFor(/\+ added/);
    cli.interrupt();
    const result = await cli.done;
    expect(result.code).toBe(130);
    expect(result.stdout).toMatch(/\d{2}:\d{2}:\d{2}Z \+ added +Reset credit handed out/);
  });
  it("resets --recent --watch prints a version where only source posts, the monitor or the outage changed", async () => {
    feed.resets.set(calendar);
    feed.resets.update({ activities: [], monitor: null, outage: null });
    const cli = startCli(["resets", "--recent", "--watch", "--interval", "0.5", "--json"], env);
    await cli.waitFor(/"type":"calendar"/);
    const post = {
      id: "post-new",
      publishedAt: new Date(fakes.now).toISOString(),
      eventIds: [],
      kind: "related",
      text: "A new source post.",
      originalText: "A new source post.",
      context: [],
      statusChanged: false,
      action: null,
      url: "https://social.example/posts/new",
    };
    feed.resets.update({ activities: [post as never] });
    await cli.waitFor(/post-new/);
    const human = startCli(["resets", "--recent", "--watch", "--interval", "0.5"], env);
    await human.waitFor(/watching for added/);
    feed.resets.update({
      monitor: {
        status: "delayed",
        lastAttemptAt: null,
        lastCollectedAt: null,
        lastVerifiedAt: null,
        heldWindowCount: 0,
        pendingCount: 1,
        reviewCount: 0,
      },
    });
    await human.waitFor(/\* calendar +monitor none → delayed/);
    for (const run of [cli, human]) run.interrupt();
    const [json, text] = await Promise.all([cli.done, human.done]);
    expect([json.code, text.code]).toEqual([130, 130]);
    const lines = jsonLines(json.stdout) as Array<{
      type: string;
      calendar: { activities: Array<{ id: string }> };
    }>;
    expect(lines.every((line) => line.type === "calendar")).toBe(true);
    expect(lines.map((line) => line.calendar.activities.map((a) => a.id).join())).toEqual(
      expect.arrayContaining(["", "post-new"]),
    );
    for (const line of lines)
      expectValid(specs.feed.validateResponse("codexResetsRecent", 200, line.calendar));
  });
});
