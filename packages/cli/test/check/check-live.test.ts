// `feedgate check --live` against a "real" service on 127.0.0.1 that moves: the demo's fakes,
// changed one thing at a time through their fault hooks (a body, a status, headers). Each
// change is named by operation and JSON pointer; an extra field is a notice, not drift.
import type { Finding } from "@feedgate/mock";
import { afterEach, describe, expect, it } from "vitest";
import { demoFixture, runCli } from "../e2e/helpers.js";

const fixture = demoFixture({ apiKey: "sk-check-7Hq2vL0pXz" });
const KEY = "sk-check-7Hq2vL0pXz";

interface Report {
  ok: boolean;
  drift: number;
  notices: number;
  checked: string[];
  findings: Finding[];
}

async function check(
  ...extra: string[]
): Promise<{ code: number | null; report: Report; stderr: string }> {
  const result = await runCli(["check", "--live", "--json", ...extra], {
    FEEDGATE_FEED_URL: fixture.feed.url,
    FEEDGATE_API_KEY: KEY,
  });
  return { code: result.code, report: JSON.parse(result.stdout) as Report, stderr: result.stderr };
}

const withGateway = () => ["--gateway-url", fixture.gateway.url];

/** The fake's own answer to a feed path, as JSON and headers. */
async function feedAnswer(path: string) {
  const response = await fetch(fixture.feed.url + path);
  return { body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

const kept = (headers: Headers) => ({
  etag: headers.get("etag")!,
  "cache-control": headers.get("cache-control")!,
});

/** The fake's own answer at `path`, changed by `edit`, served once for `route` (ETag and Cache-Control kept unless `headersOf` says). */
async function serveChanged(
  route: Parameters<typeof fixture.feed.faults.add>[0]["route"],
  path: string,
  edit: (body: Record<string, unknown>) => void,
  headersOf: (headers: Headers) => Record<string, string> = kept,
) {
  const { body, headers } = await feedAnswer(path);
  edit(body);
  fixture.feed.faults.add({
    route,
    times: 1,
    fault: { type: "body", status: 200, body, headers: headersOf(headers) },
  });
}

/** The drift `check --live` finds (it then exits 1). */
async function driftFound() {
  const { code, report } = await check();
  expect(code).toBe(1);
  return report.findings.filter((f) => f.severity === "drift");
}

afterEach(() => {
  fixture.feed.faults.clear();
  fixture.gateway.faults.clear();
});

describe("feedgate check --live", () => {
  it("finds no drift in a service that matches its documents: every feed operation once, the free gateway ones", async () => {
    const { code, report } = await check(...withGateway());
    expect(report.drift).toBe(0);
    expect(code).toBe(0);
    const operations = report.checked.map((c) => c.split(" ")[0]);
    expect(operations).toEqual([
      "hotTopics",
      "items",
      "storyByPublicId",
      "dailies",
      "latestDaily",
      "dailyByDate",
      "codexResets",
      "codexResetsRecent",
      "selectedSnapshot",
      "selectedChanges",
      "countResponseInputTokens",
      "countMessageTokens",
    ]);
    // Anonymous: no key reached the feed; the gateway got it.
    expect(
      fixture.feed.requests.some((r) => JSON.stringify(r.headers).includes("check-7Hq2")),
    ).toBe(false);
    expect(fixture.gateway.requests.at(-1)?.headers["authorization"]).toBe(`Bearer ${KEY}`);
  });

  // The CLI redacts the key from everything it prints (main.ts, cli/secrets.ts): the report included.
  it("a gateway answer that echoes the key: the report names the field, never the key", async () => {
    fixture.gateway.faults.add({
      route: "countResponseInputTokens",
      times: 1,
      fault: {
        type: "body",
        status: 200,
        body: { object: "response.input_tokens", input_tokens: 3, echo: KEY },
      },
    });
    const { report, code } = await check(...withGateway());
    expect(code).toBe(0);
    const echoed = report.findings.find((f) => f.pointer === "/echo");
    expect(echoed).toMatchObject({ severity: "notice", operation: "countResponseInputTokens" });
    expect(JSON.stringify(report)).not.toContain(KEY.slice(3));
  });

  it("a new field: a notice naming it, exit 0", async () => {
    await serveChanged("hotTopics", "/api/v1/hot-topics", (body) => {
      (body["items"] as Array<Record<string, unknown>>)[0]!["heat"] = 97;
    });
    const { code, report } = await check();
    expect(code).toBe(0);
    expect(report.findings).toContainEqual({
      severity: "notice",
      operation: "hotTopics",
      status: 200,
      pointer: "/items/0/heat",
      expected: "undeclared",
      seen: "97",
    });
    expect(report.drift).toBe(0);
  });

  it("a removed required field: drift at its pointer, exit 1", async () => {
    await serveChanged("hotTopics", "/api/v1/hot-topics", (body) => {
      delete (body["items"] as Array<Record<string, unknown>>)[1]!["title"];
    });
    expect(await driftFound()).toContainEqual(
      expect.objectContaining({
        operation: "hotTopics",
        pointer: "/items/1/title",
        seen: "absent",
      }),
    );
  });

  it("a new enum value: drift naming the value and the ones allowed", async () => {
    await serveChanged("codexResets", "/api/v1/codex-resets", (body) => {
      const events = body["events"] as Array<Record<string, unknown>>;
      expect(events.length).toBeGreaterThan(0);
      events[0]!["type"] = "partial_reset";
    });
    const found = (await driftFound()).find((f) => f.pointer === "/events/0/type");
    expect(found).toMatchObject({ operation: "codexResets", seen: '"partial_reset"' });
    expect(found?.expected).toContain('"direct_reset"');
  });

  it("a new status code: drift at /status", async () => {
    fixture.feed.faults.add({
      route: "dailies",
      times: 1,
      fault: { type: "body", status: 410, body: { gone: true } },
    });
    expect(await driftFound()).toContainEqual(
      expect.objectContaining({
        operation: "dailies",
        status: 410,
        pointer: "/status",
        seen: "410",
      }),
    );
  });

  it.each([
    {
      title: "a missing ETag",
      operation: "items",
      path: "/api/v1/items?limit=5",
      headersOf: (h: Headers) => ({ "cache-control": h.get("cache-control")! }),
      drift: { pointer: "/headers/etag", expected: "present", seen: "absent" },
    },
    {
      title: "a changed Cache-Control (no s-maxage left for the pollers)",
      operation: "latestDaily",
      path: "/api/v1/dailies/latest",
      headersOf: (h: Headers) => ({ etag: h.get("etag")!, "cache-control": "private, no-cache" }),
      drift: {
        pointer: "/headers/cache-control",
        expected: "s-maxage=<seconds>",
        seen: '"private, no-cache"',
      },
    },
  ] as const)(
    "$title: drift at that header, and only there",
    async ({ operation, path, headersOf, drift }) => {
      await serveChanged(operation, path, () => {}, headersOf);
      expect(await driftFound()).toEqual([{ severity: "drift", operation, status: 200, ...drift }]);
    },
  );

  it("a stream event of a new type (--spend): drift at that event", async () => {
    const response = await fetch(`${fixture.gateway.url}/v1/responses`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ model: "gpt-4.1-mini", input: "Say ok.", stream: true }),
    });
    const frames = (await response.text()).split("\n\n").filter((f) => f.trim() !== "");
    frames.splice(
      2,
      0,
      'event: response.reasoning_digest\ndata: {"type":"response.reasoning_digest","sequence_number":2}',
    );
    const stream = `${frames.join("\n\n")}\n\n`;
    fixture.gateway.faults.add({
      route: "createResponse",
      times: 1,
      fault: {
        type: "body",
        status: 200,
        body: stream,
        headers: { "content-type": "text/event-stream" },
      },
    });
    const { code, report } = await check(...withGateway(), "--spend");
    expect(code).toBe(1);
    const drift = report.findings.filter((f) => f.severity === "drift");
    expect(drift).toEqual([
      expect.objectContaining({
        operation: "createResponse",
        status: 200,
        pointer: "/events/2",
        expected: "one of the declared shapes",
      }),
    ]);
    expect(drift[0]?.seen).toContain("response.reasoning_digest");
    expect(report.checked.map((c) => c.split(" ")[0])).toContain("streamGenerateContent");
  });

  it("prints the report for people, with service text cleaned, and a usage error without --live", async () => {
    await serveChanged("hotTopics", "/api/v1/hot-topics", (body) => {
      (body["items"] as Array<Record<string, unknown>>)[0]!["title"] = 42;
      (body["items"] as Array<Record<string, unknown>>)[0]!["\u001b[2Jnote"] =
        "\u001b]52;c;aGk=\u0007x";
    });
    const human = await runCli(["check", "--live"], { FEEDGATE_FEED_URL: fixture.feed.url });
    expect(human.code).toBe(1);
    expect(human.stdout).toMatch(
      /drift {2}?hotTopics 200 \/items\/0\/title: expected must be string, seen 42/,
    );
    expect(human.stdout).not.toContain("\u001b");
    expect(human.stderr).toMatch(
      /check failed: 1 places where a service no longer matches its document/,
    );
    const usage = await runCli(["check"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/check needs --live/);
  });
});
