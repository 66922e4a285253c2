import { stripVTControlCharacters } from "node:util";
import type { FeedFake } from "@feedgate/mock";
import { itemsPageBody } from "@feedgate/test-harness";
import stringWidth from "string-width";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoFakes, startDemoFakes } from "../../src/internal/demo/fakes.js";
import { cliEnv, expectValid, jsonLines, runCli, specs } from "./helpers.js";

let fakes: DemoFakes;
let feed: FeedFake;
let env: Record<string, string>;

beforeAll(async () => {
  fakes = await startDemoFakes({ gateway: false, selected: 20 });
  feed = fakes.feed!;
  env = cliEnv(fakes);
});
afterAll(() => fakes.close());

function requestsWithLimit(limit: string): number {
  return feed.requests.filter((r) => r.path === "/api/v1/items" && r.query.get("limit") === limit)
    .length;
}

describe.concurrent("feedgate hot", () => {
  it("prints the top 10 as a table on a terminal", async () => {
    const result = await runCli(["hot"], { ...env, FEEDGATE_TTY: "1" });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/│ #.*Title.*Sources.*Latest/);
    expect(result.stdout).toContain(feed.hotTopics.list()[0]!.title);
    expect(result.stdout).toMatch(/\b10\b/);
  });

  it("prints tab-separated rows with a header line in a pipe, as gh does", async () => {
    const result = await runCli(["hot"], env);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split("\n");
    expect(lines[0]).toBe("#\tTITLE\tSOURCES\tLATEST");
    expect(lines).toHaveLength(11);
    expect(lines.every((line) => line.split("\t").length === 4)).toBe(true);
    expect(result.stdout).not.toMatch(/[─│┌└├┼]|\x1b\[/);
  });

  it("--json prints one HotTopicsResponse and nothing else", async () => {
    const result = await runCli(["hot", "--json"], env);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as { items: unknown[] };
    expectValid(specs.feed.validateResponse("hotTopics", 200, body));
    expect(body.items).toHaveLength(10);
  });
});

describe.concurrent("feedgate items", () => {
  it("prints one page and says on stderr when more are available", async () => {
    const result = await runCli(["items", "--page-size", "5"], env);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(6);
    expect(result.stderr).toContain("5 items in 1 page; more available: add --all, or --limit N");
  });

  it("--limit caps the total printed, fetching as many pages as it takes (gh's meaning)", async () => {
    // Page size 3: no other test of this concurrent group asks for it, so the request count is this test's.
    const before = requestsWithLimit("3");
    const result = await runCli(["items", "--limit", "10", "--page-size", "3"], env);
    expect(result.code).toBe(0);
    const rows = result.stdout.trimEnd().split("\n");
    expect(rows[0]).toMatch(/^DISCOVERED\tTITLE/);
    expect(rows).toHaveLength(11);
    expect(requestsWithLimit("3") - before).toBe(4);
    expect(result.stderr).toContain("10 items in 4 pages; stopped at --limit 10");
  });

  it("--all --json streams every item once, one JSON object per line (NDJSON)", async () => {
    const before = requestsWithLimit("4");
    const result = await runCli(["items", "--all", "--page-size", "4", "--json"], env);
    expect(result.code).toBe(0);
    const items = jsonLines(result.stdout) as Array<{ id: string; selected: boolean }>;
    for (const item of items.slice(0, 3))
      expectValid(specs.feed.validateResponse("items", 200, itemsPageBody([item])));
    const expected = feed.items.list().filter((i) => i.selected).length;
    expect(items).toHaveLength(expected);
    expect(new Set(items.map((i) => i.id)).size).toBe(expected);
    expect(requestsWithLimit("4") - before).toBe(Math.ceil(expected / 4));
  });

  it("--mode all --window 24h --by published narrows the query", async () => {
    const result = await runCli(
      ["items", "--mode", "all", "--window", "24h", "--by", "published", "--json"],
      env,
    );
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as {
      query: { mode: string; window: string; by: string };
      items: unknown[];
    };
    expectValid(specs.feed.validateResponse("items", 200, body));
    expect(body.query).toMatchObject({ mode: "all", window: "24h", by: "published" });
    expect(body.items.length).toBeGreaterThan(0);
    expect(body.items.length).toBeLessThan(feed.items.list().length);
  });

  it("a walk that reaches --max-pages says so and names the flag", async () => {
    const result = await runCli(["items", "--all", "--page-size", "2", "--max-pages", "2"], env);
    expect(result.code).toBe(1);
    expect(result.stdout.trimEnd().split("\n")).toHaveLength(5);
    expect(result.stderr).toMatch(/maxPages \(2\)/);
    expect(result.stderr).toMatch(/^hint: .*--max-pages/m);
  });
});

describe.concurrent("feedgate story", () => {
  it("follows a merge and says which id survives", async () => {
    const { from, into } = fakes.merged;
    const result = await runCli(["story", from], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(`merged: ${from} was merged into ${into}`);
    expect(result.stdout).toContain("Timeline (newest first");
    expect(result.stdout).toContain("Digest");
    expect(result.stdout).toContain("Related");
  });

  it("accepts a story URL and --json gives the StoryResponse plus the merge", async () => {
    const { from, into } = fakes.merged;
    const result = await runCli(["story", `${feed.url}/story/${from}`, "--json"], env);
    expect(result.code).toBe(0);
    const body = JSON.parse(result.stdout) as {
      story: { publicId: string };
      merge: { requestedId: string; survivingId: string };
    };
    expectValid(specs.feed.validateResponse("storyByPublicId", 200, body));
    expect(body.story.publicId).toBe(into);
    expect(body.merge).toMatchObject({
      requestedId: from,
      survivingId: into,
    });
  });
});

describe.concurrent("feedgate daily and dailies", () => {
  it("shows the latest report", async () => {
    const result = await runCli(["daily"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Daily report \d{4}-\d{2}-\d{2}/);
    expect(result.stdout).toContain("Models"); // a section
  });

  it("--json of a dated report and of the index are valid", async () => {
    const index = await runCli(["dailies", "--limit", "2", "--json"], env);
    expect(index.code).toBe(0);
    const body = JSON.parse(index.stdout) as { items: Array<{ date: string }> };
    expectValid(specs.feed.validateResponse("dailies", 200, body));
    expect(body.items).toHaveLength(2);
    const dated = await runCli(["daily", body.items[1]!.date, "--json"], env);
    expect(dated.code).toBe(0);
    const report = JSON.parse(dated.stdout) as { report: { date: string } };
    expectValid(specs.feed.validateResponse("dailyByDate", 200, report));
    expect(report.report.date).toBe(body.items[1]!.date);
  });

  it("dailies prints a table", async () => {
    const result = await runCli(["dailies"], { ...env, FEEDGATE_TTY: "1" });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/│ Date.*Lead.*Generated/);
    const piped = await runCli(["dailies"], env);
    expect(piped.stdout.split("\n")[0]).toMatch(/^DATE\t.*LEAD\t.*GENERATED/);
  });
});

describe.concurrent("feedgate resets", () => {
  it("shows the calendar in Beijing time with status, schedule, confirmation and quotes", async () => {
    const result = await runCli(["resets"], env);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain("Beijing time, UTC+8");
    expect(result.stdout).toContain("Synthetic reset announced");
    expect(result.stdout).toContain("[announced]");
    expect(result.stdout).toContain("[confirmed]");
    expect(result.stdout).toMatch(/estimate: +\d{4}-\d{2}-\d{2} \d{2}:\d{2}/);
    expect(result.stdout).toMatch(
      /confirmed: +\d{4}-\d{2}-\d{2} \d{2}:\d{2} \(UTC\+8\) via source_post/,
    );
    expect(result.stdout).toContain("“Synthetic post text.”");
  });

  it("--json and --recent --json are valid calendars", async () => {
    const full = await runCli(["resets", "--json"], env);
    expect(full.code).toBe(0);
    expectValid(specs.feed.validateResponse("codexResets", 200, JSON.parse(full.stdout)));
    const recent = await runCli(["resets", "--recent", "--json"], env);
    expect(recent.code).toBe(0);
    const body = JSON.parse(recent.stdout) as { timezone: string; events: unknown[] };
    expectValid(specs.feed.validateResponse("codexResetsRecent", 200, body));
    expect(body.timezone).toBe("Asia/Shanghai");
  });
});

describe("tables fit a 70-column terminal", () => {
  for (const command of ["hot", "items", "dailies"]) {
    it(`feedgate ${command}: no line wider than 70 display columns`, async () => {
      const result = await runCli([command], { ...env, FEEDGATE_TTY: "1", COLUMNS: "70" });
      expect(result.code, result.stderr).toBe(0);
      const lines = result.stdout.split("\n").filter((line) => line !== "");
      // A table was drawn (borders), and its rows are as wide as the terminal allows.
      expect(lines.some((line) => line.startsWith("┌"))).toBe(true);
      const widest = Math.max(...lines.map((line) => stringWidth(stripVTControlCharacters(line))));
      expect(widest).toBeLessThanOrEqual(70);
      expect(widest).toBeGreaterThan(50);
    });
  }
});
