import type { FeedFake } from "@feedgate/mock";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { beforeAll, describe, expect, it } from "vitest";
import { MCP_LIMITS } from "../../src/index.js";
import { feedSessionForTheFile, hits, textOf } from "../support/helpers.js";

let fake: FeedFake;
let client: Client;

const session = feedSessionForTheFile();
beforeAll(() => void ({ fake, client } = session));

type Result = Awaited<ReturnType<Client["callTool"]>>;
const call = (name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<Result>;

describe("tools", () => {
  it("lists the feed tools with schemas from the spec rules, output schemas and read-only annotations", async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      "daily_report",
      "get_story",
      "hot_topics",
      "reset_calendar",
      "search_items",
    ]);
    for (const tool of tools) {
      expect(tool.outputSchema, tool.name).toBeDefined();
      expect(tool.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: true });
    }
    const search = tools.find((t) => t.name === "search_items")!.inputSchema.properties as Record<
      string,
      Record<string, unknown>
    >;
    // The items operation's rules: q 2..200 code points, enums of mode and window, limit from 1 (capped here).
    expect(search["q"]).toMatchObject({ type: "string", minLength: 2, maxLength: 200 });
    expect(search["mode"]).toMatchObject({ enum: ["selected", "all"] });
    expect(search["window"]).toMatchObject({ enum: ["24h", "7d"] });
    expect(search["limit"]).toMatchObject({
      type: "integer",
      minimum: 1,
      maximum: MCP_LIMITS.maxItems,
    });
    const story = tools.find((t) => t.name === "get_story")!.inputSchema as {
      properties: Record<string, Record<string, unknown>>;
      required?: string[];
    };
    expect(story.properties["id"]).toMatchObject({ maxLength: 128 });
    expect(story.required).toEqual(["id"]);
  });

  it("search_items returns trimmed items, at most limit, and a cursor that continues", async () => {
    const first = await call("search_items", { limit: 3, mode: "all" });
    expect(first.isError).toBeFalsy();
    const page = first.structuredContent as {
      items: Array<Record<string, unknown>>;
      nextCursor: string | null;
      count: number;
    };
    expect(page.count).toBe(3);
    expect(Object.keys(page.items[0]!).sort()).toEqual([
      "id",
      "link",
      "source",
      "summary",
      "time",
      "title",
    ]);
    expect(page.nextCursor).toEqual(expect.any(String));
    expect(textOf(first)).toContain(page.items[0]!.title as string);
    const second = await call("search_items", { limit: 3, mode: "all", cursor: page.nextCursor });
    const next = second.structuredContent as { items: Array<{ id: string }> };
    expect(next.items.map((i) => i.id)).not.toContain(page.items[0]!.id);
    expect(hits(fake, "/api/v1/items").at(-1)!.query.get("cursor")).toBe(page.nextCursor);
  });

  it("hot_topics returns ranked topics with the story id to follow", async () => {
    const result = await call("hot_topics");
    const { topics } = result.structuredContent as {
      topics: Array<{ rank: number; storyId: string | null; title: string }>;
    };
    expect(topics).toHaveLength(10);
    expect(topics[0]).toMatchObject({ rank: 1, storyId: expect.any(String) });
    expect(textOf(result)).toMatch(/^10 hot topic\(s\)\n1\. /);
  });

  it("get_story follows a merge and says so", async () => {
    const { topics } = (await call("hot_topics")).structuredContent as {
      topics: Array<{ storyId: string | null }>;
    };
    const merged = topics[3]!.storyId!; // the seeded data merged rank 4's story into rank 1's
    const result = await call("get_story", { id: merged });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({
      requestedId: merged,
      id: topics[0]!.storyId,
      merged: true,
      mergedChain: [merged],
    });
    expect(textOf(result)).toContain(`story ${merged} was merged into ${topics[0]!.storyId}`);
    const direct = await call("get_story", { id: topics[0]!.storyId! });
    expect(direct.structuredContent).toMatchObject({ merged: false, mergedChain: [] });
    expect((direct.structuredContent as { reports: unknown[] }).reports.length).toBeLessThanOrEqual(
      MCP_LIMITS.maxStoryReports,
    );
  });

  it("get_story takes the story URL hot_topics links to, and refuses path-like ids before any request", async () => {
    const topics = fake.hotTopics.list();
    const link = topics[0]!.links.story!;
    const result = await call("get_story", { id: link });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toMatchObject({ id: link.split("/").pop() });
    const before = fake.requests.length;
    for (const id of ["../../etc/passwd", "a/b", "%2e%2e", "https://x.example/stories/..", "a?b"]) {
      const refused = await call("get_story", { id });
      expect(refused.isError, id).toBe(true);
    }
    expect(fake.requests.length).toBe(before);
  });

  it("daily_report gives the latest, or a date's", async () => {
    const latest = (await call("daily_report")).structuredContent as {
      date: string;
      sections: unknown[];
    };
    expect(latest.date).toMatch(/^\d{4}-\d\d-\d\d$/);
    const dated = await call("daily_report", { date: latest.date });
    expect(dated.structuredContent).toMatchObject({ date: latest.date });
    expect(hits(fake, `/api/v1/dailies/${latest.date}`)).toHaveLength(1);
  });

  it("reset_calendar gives the recent calendar by default, the full one on request", async () => {
    const recent = await call("reset_calendar");
    expect(recent.structuredContent).toMatchObject({ scope: "recent" });
    const full = await call("reset_calendar", { scope: "full" });
    const events = (full.structuredContent as { events: Array<{ id: string }> }).events;
    expect(events.map((e) => e.id).sort()).toEqual(["evt-001", "evt-002", "evt-003"]);
    expect(hits(fake, "/api/v1/codex-resets")).toHaveLength(1);
  });
});

describe("errors are results", () => {
  it("an unknown story is an isError result with the typed message and a hint", async () => {
    const result = await call("get_story", { id: "00000000-0000-4000-8000-000000000000" });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/^NotFoundError: HTTP 404 .*\nhint: /);
    // The document: a 404 may mean the story does not exist, or the story layer is unavailable.
    expect(textOf(result)).toMatch(/may not exist.*story layer may be unavailable/);
  });

  it("bad arguments are refused by the schema before any request", async () => {
    const before = fake.requests.length;
    for (const args of [{ q: " a " }, { limit: 26 }, { mode: "everything" }, { window: "30d" }]) {
      const result = await call("search_items", args);
      expect(result.isError, JSON.stringify(args)).toBe(true);
      expect(textOf(result)).toMatch(/validation/i);
    }
    expect((await call("daily_report", { date: "2025-02-30" })).isError).toBe(true);
    expect((await call("get_story", { id: ".." })).isError).toBe(true);
    expect(fake.requests.length).toBe(before);
  });

  it.each([
    { status: 429, route: "hotTopics", path: "/api/v1/hot-topics", tool: "hot_topics", args: {} },
    {
      status: 503,
      route: "items",
      path: "/api/v1/items",
      tool: "search_items",
      args: { limit: 1 },
    },
  ] as const)("a $status goes through the kit's retries and the call succeeds", async (c) => {
    fake.faults.add({
      route: c.route,
      fault: { type: "status", status: c.status, retryAfter: 1 },
      times: 1,
    });
    const before = hits(fake, c.path).length;
    const result = await call(c.tool, c.args);
    expect(result.isError).toBeFalsy();
    expect(
      hits(fake, c.path)
        .slice(before)
        .map((r) => r.status),
    ).toEqual([c.status, 200]);
  });

  it("503s past the retries end in an isError result, and the next call is served", async () => {
    fake.faults.add({
      route: "latestDaily",
      fault: { type: "status", status: 503, retryAfter: 0 },
      times: 3,
    });
    const result = await call("daily_report");
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(/HTTP 503.*\nhint: the feed service is busy/s);
    expect((await call("daily_report")).isError).toBeFalsy();
  });
});
