import { type FeedFake, startFeedFake } from "@feedgate/mock";
import { type HostileServer, sendJson, startHostileServer } from "@feedgate/test-harness";
import { afterEach, describe, expect, it } from "vitest";
import { runCli } from "./helpers.js";

/** A well-formed story public id (a UUID), so the CLI sends the request. */
const STORY_ID = "5f0c6a2e-8d4b-4b7e-9a31-2c1d9e7f4a10";

let server: HostileServer | undefined;
let feed: FeedFake | undefined;
afterEach(async () => {
  await server?.stop();
  await feed?.close();
  server = feed = undefined;
});

describe("a 200 that is not the operation's shape is one clear line and exit 1", () => {
  it.each([
    { command: "hot", field: "items" },
    { command: "daily", field: "report" },
    { command: "resets", field: "events" },
    { command: "dailies", field: "items" },
  ])("feedgate $command", async ({ command, field }) => {
    server = await startHostileServer((_req, res) =>
      sendJson(res, 200, { unexpected: true }, { "x-request-id": "req-shape-1" }),
    );
    const result = await runCli([command], { FEEDGATE_FEED_URL: server.origin });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`\`${field}\` is not`);
    expect(result.stderr).toContain("req-shape-1");
    expect(result.stderr).not.toMatch(/TypeError|Cannot read properties/);
    expect(result.stdout).toBe("");
  });
});

describe("a merge redirect to an id the kit would refuse is the server's fault: exit 1, not 2", () => {
  it("a 308 to a 129-character id", async () => {
    feed = await startFeedFake();
    feed.stories.redirect(STORY_ID, `/api/v1/stories/${"x".repeat(129)}`);
    const result = await runCli(["story", STORY_ID], { FEEDGATE_FEED_URL: feed.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/invalid story id/);
  });

  it("a 308 to ..", async () => {
    feed = await startFeedFake();
    feed.stories.redirect(STORY_ID, "/api/v1/stories/%2E%2E");
    const result = await runCli(["story", STORY_ID], { FEEDGATE_FEED_URL: feed.url });
    expect(result.code).toBe(1);
  });
});

describe("shapes are checked as deep as the renderer reads: invalid_response naming the field, never a TypeError", () => {
  const cases: Array<[string, unknown, string]> = [
    ["hot", { items: [{}] }, "items[0].rank"],
    [
      "hot",
      { items: [{ rank: 1, title: "t", sourceNames: "not a list", sourceCount: 1 }] },
      "items[0].sourceNames",
    ],
    [
      "items",
      {
        items: [{ title: "t", discoveredAt: "2026-11-19T00:00:00Z" }],
        page: { hasMore: false, nextCursor: null },
      },
      "[0].source",
    ],
    [
      "daily",
      {
        report: {
          date: "2026-11-19",
          sections: [{ label: "s", items: [{}] }],
          flashes: [],
          links: { aihot: "x" },
        },
      },
      "sections[0].items[0].title",
    ],
    ["dailies", { items: [{ leadTitle: "x" }] }, "items[0].date"],
    ["resets", { events: [{ id: "e1", title: "t", status: "scheduled" }] }, "events[0].posts"],
    [
      `story ${STORY_ID}`,
      {
        story: {
          title: "t",
          status: "active",
          reportCount: 1,
          sourceCount: 1,
          publicId: STORY_ID,
          links: { aihot: "x" },
          reports: [],
          storyline: [{}],
          related: [],
        },
      },
      "storyline[0].title",
    ],
  ];
  for (const [command, body, field] of cases) {
    it(`feedgate ${command} answered ${JSON.stringify(body).slice(0, 60)}`, async () => {
      server = await startHostileServer((_req, res) =>
        sendJson(res, 200, body, { "x-request-id": "req-deep-1" }),
      );
      const result = await runCli(command.split(" "), { FEEDGATE_FEED_URL: server.origin });
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`\`${field}\` is not`);
      expect(result.stderr).not.toMatch(/TypeError|Cannot read properties|undefined \(reading/);
      expect(result.stdout).toBe("");
    });
  }
});

describe("a cursor the service sent that cannot be sent back is the service's fault (issue 33)", () => {
  it("feedgate mirror: a lone surrogate in the snapshot's cursor is exit 1, never a usage error, and nothing is stored", async () => {
    const { mkdtemp, readdir, rm } = await import("node:fs/promises");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    // Raw JSON: `\ud800` is a lone surrogate once parsed, which no URL can carry back.
    server = await startHostileServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.end('{"cursor":"c\\ud800x","hasMore":false,"nextPage":null,"items":[]}');
    });
    const dir = await mkdtemp(join(tmpdir(), "feedgate-surrogate-"));
    try {
      for (let run = 0; run < 2; run++) {
        const result = await runCli(["mirror", dir], { FEEDGATE_FEED_URL: server.origin });
        expect(result.code, result.stderr).toBe(1);
        expect(result.stderr).not.toMatch(/nothing was sent|usage/i);
        expect(result.stderr).toMatch(/cursor/);
      }
      // The bad cursor was never stored: a rerun asks for a snapshot again, as the first did.
      expect(server.requests.map((r) => r.url.split("?")[0])).toEqual([
        "/api/v1/selected/snapshot",
        "/api/v1/selected/snapshot",
      ]);
      expect((await readdir(dir)).some((name) => name.startsWith("snapshot-"))).toBe(false);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
