import { startHostileServer } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { allOutput, demoFixture, runCli, startCli, TEST_KEY } from "./helpers.js";

const fx = demoFixture({ selected: 5, apiKey: TEST_KEY });

// Each case: arguments, and what the one-line error must say (the rule it broke).
const CASES: Array<[string, string[], RegExp]> = [
  ["a q of one character", ["items", "--q", "x"], /q\b.*2 to 200/],
  ["a q of 201 characters", ["items", "--q", "汉".repeat(201)], /q\b.*2 to 200/],
  ["a page size of 0", ["items", "--page-size", "0"], /limit\b.*1 to 100/],
  ["a page size of 101", ["items", "--page-size", "101"], /limit\b.*1 to 100/],
  ["a limit of 0", ["items", "--limit", "0"], /--limit.*at least 1/],
  ["max pages of 0", ["items", "--all", "--max-pages", "0"], /--max-pages.*at least 1/],
  ["a limit that is not a number", ["items", "--limit", "ten"], /--limit.*whole number/],
  [
    "an unknown mode",
    ["items", "--mode", "best"],
    /--mode.*selected, all|Allowed choices are selected, all/,
  ],
  ["a story id longer than 128 characters", ["story", "a".repeat(129)], /not a story id/],
  ["a story id with a space", ["story", "not an id"], /not a story id/],
  ["a story id that is not a UUID", ["story", "not-an-id"], /not a story id/],
  [
    "a story id one hex digit short of a UUID",
    ["story", "5f0c6a2e-8d4b-4b7e-9a31-2c1d9e7f4a1"],
    /not a story id/,
  ],
  ["an argument to hot", ["hot", "abc"], /hot takes no id/],
  [
    "a gateway URL that is the feed",
    ["respond", "hi", "--gateway-url", "https://aihot.virxact.com"],
    /is the feed service, not a model gateway/,
  ],
  ["an invalid date", ["daily", "2026-02-30"], /date\b.*calendar date/],
  ["a date in another format", ["daily", "30.02.2026"], /date\b.*YYYY-MM-DD/],
  ["a dailies limit of 181", ["dailies", "--limit", "181"], /limit\b.*1 to 180/],
  ["an interval of 0", ["hot", "--watch", "--interval", "0"], /--interval.*greater than 0/],
  [
    "a panorama with an aspect ratio",
    ["image", "a valley", "--panorama", "--aspect", "16:9"],
    /--aspect.*panorama/,
  ],
  [
    "an unknown region",
    ["image", "a valley", "--image", "https://example.com/a.png", "--region", "Mars"],
    /--region.*Mainland/,
  ],
  ["tokens with neither text nor file", ["tokens", "--model", "m"], /text to count/],
  ["an empty prompt", ["respond", "  "], /prompt is empty/],
  ["mock --port 65535 (the gateway fake takes n+1)", ["mock", "--port", "65535"], /--port 65535/],
  [
    "a feed URL with /api/v1",
    ["hot", "--feed-url", "http://127.0.0.1:9/api/v1"],
    /without \/api\/v1/,
  ],
];

describe.concurrent("usage errors: exit 2, the rule named, nothing sent", () => {
  it.each(CASES)("%s", async (_name, args, message) => {
    const feedBefore = fx.feed.requests.length;
    const gatewayBefore = fx.gateway.requests.length;
    const result = await runCli(args, fx.env);
    expect(result.code).toBe(2);
    expect(result.stderr).toMatch(/^feedgate: error: /m);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe("");
    expect(fx.feed.requests.length).toBe(feedBefore);
    expect(fx.gateway.requests.length).toBe(gatewayBefore);
  });

  it('a misspelt category\'s "did you mean" is printed before the request is sent', async () => {
    // A server that holds the request: the hint is on stderr while it is still unanswered.
    const held = await startHostileServer(() => new Promise(() => {}));
    const cli = startCli(["items", "--category", "papr"], { FEEDGATE_FEED_URL: held.origin });
    try {
      await cli.waitFor(/category "papr" .*did you mean "paper"\?/);
      expect(cli.stdout()).toBe("");
    } finally {
      cli.interrupt();
      await cli.done;
      await held.stop();
    }
  });

  it("a gateway command without a gateway URL says how to set it", async () => {
    const result = await runCli(["respond", "hello"], { FEEDGATE_API_KEY: TEST_KEY });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no gateway URL configured");
    expect(result.stderr).toContain("FEEDGATE_GATEWAY_URL");
  });

  it("a gateway command without a key says how to set it", async () => {
    const before = fx.gateway.requests.length;
    const result = await runCli(["tokens", "hello", "--model", "m"], {
      FEEDGATE_GATEWAY_URL: fx.gateway.url,
    });
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("no gateway API key configured");
    expect(result.stderr).toContain("FEEDGATE_API_KEY");
    expect(fx.gateway.requests.length).toBe(before);
  });

  it("never prints the key", () => {
    for (const text of allOutput) {
      expect(text).not.toContain(TEST_KEY);
      expect(text).not.toContain(TEST_KEY.slice(3));
    }
  });
});
