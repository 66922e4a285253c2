import { freePort, testServers } from "@feedgate/test-harness";
import { beforeEach, describe, expect, it } from "vitest";
import { allOutput, demoFixture, runCli, TEST_KEY } from "./helpers.js";

const servers = testServers();

const fx = demoFixture({ selected: 5, apiKey: TEST_KEY });
beforeEach(() => {
  fx.feed.faults.clear();
  fx.gateway.faults.clear();
});

describe("service errors: exit 1, one line with status, code and request id, plus a hint", () => {
  it("an unknown story: 404 not_found with the service's request id", async () => {
    const result = await runCli(["story", "00000000-0000-4000-8000-000000000000"], fx.env);
    expect(result.code).toBe(1);
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(
      /^feedgate: error: story 00000000-0000-4000-8000-000000000000 failed: HTTP 404 not_found: .+ \(request id [\w-]+\)$/,
    );
    // The document: a 404 may be the story layer, not the id.
    expect(lines[1]).toMatch(
      /^hint: the story may not exist, or the story layer may be unavailable/,
    );
    expect(result.stdout).toBe("");
  });

  it("a Problem answer: its detail, code and the answer's request id", async () => {
    const problem = {
      type: "/problems/temporarily-unavailable",
      title: "Temporarily unavailable",
      status: 503,
      detail: "Search is busy; retry later.",
      code: "temporarily_unavailable",
      requestId: "req-e2e-4711",
    };
    fx.feed.faults.add({
      route: "hotTopics",
      fault: {
        type: "body",
        status: 503,
        body: problem,
        headers: {
          "content-type": "application/problem+json",
          "x-request-id": "req-e2e-4711",
          "retry-after": "0",
        },
      },
    });
    const result = await runCli(["hot"], fx.env);
    expect(result.code).toBe(1);
    // The X-Request-Id header is the fake's own (the same id the service puts in the body).
    expect(result.stderr).toMatch(
      /^feedgate: error: hot topics failed: HTTP 503 temporarily_unavailable: Search is busy; retry later\. \(request id [0-9a-f-]{36}\)$/m,
    );
    expect(result.stderr).toMatch(/^hint: the service is temporarily unavailable; retry later/m);
  });

  it("--verbose adds detail on stderr, still without the key", async () => {
    fx.feed.faults.add({
      route: "dailies",
      fault: { type: "status", status: 500, retryAfterMs: 1 },
    });
    const result = await runCli(["dailies", "--verbose"], fx.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/\[verbose\] GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/dailies/);
    expect(result.stderr).toMatch(
      /\[verbose\] GET http:\/\/127\.0\.0\.1:\d+\/api\/v1\/dailies.*retry 1 of 2/,
    );
    expect(result.stderr).toMatch(/HTTP 500/);
  });

  it("an unreachable service: exit 1 and a hint about the base URL", async () => {
    // A port that was just free: nothing listens there.
    const port = await freePort();
    const result = await runCli(["hot", "--feed-url", `http://127.0.0.1:${port}`], fx.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      new RegExp(
        `^feedgate: error: hot topics failed: .*127\\.0\\.0\\.1:${port}.*connection failed`,
        "m",
      ),
    );
    expect(result.stderr).toMatch(
      /^hint: could not reach the feed service: check --feed-url or FEEDGATE_FEED_URL/m,
    );
  });

  it("a wrong key: 401 with the gateway's request id and a hint, the key never shown", async () => {
    const wrong = "sk-wrong-7d3f9a1c0b2e4d6f";
    const result = await runCli(["tokens", "hello", "--model", "gpt-5.2", "--verbose"], {
      ...fx.env,
      FEEDGATE_API_KEY: wrong,
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^feedgate: error: token count failed: HTTP 401/m);
    expect(result.stderr).toMatch(/request id [\w-]+/);
    expect(result.stderr).toMatch(
      /^hint: the gateway refused the key: check --api-key or FEEDGATE_API_KEY/m,
    );
    expect(result.stderr + result.stdout).not.toContain(wrong);
    expect(result.stderr + result.stdout).not.toContain(wrong.slice(3));
  });

  it("a gateway failure on a streamed response: exit 1 with the request id", async () => {
    fx.gateway.faults.add({
      route: "createResponse",
      fault: { type: "status", status: 500, retryAfterMs: 1 },
    });
    const result = await runCli(["respond", "hello", "--stream"], fx.env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^feedgate: error: streamed response failed: HTTP 500.*\(request id [\w-]+\)$/m,
    );
  });

  it("hot pointed at the model gateway: a hint naming the gateway, not 'check the id or date'", async () => {
    const result = await runCli(["hot"], { FEEDGATE_FEED_URL: fx.gateway.url });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^feedgate: error: hot topics failed: HTTP 404/m);
    expect(result.stderr).not.toMatch(/HTTP 404: HTTP 404/);
    expect(result.stderr).toMatch(/^hint: .*looks like the model gateway.*FEEDGATE_FEED_URL/m);
    expect(result.stderr).not.toContain("check the id or date");
  });

  it("a feed command answered 404 with a web page: a hint to check the feed URL", async () => {
    const page = await servers.http((_req, res) =>
      res.writeHead(404, { "content-type": "text/html" }).end("<html>Not Found</html>"),
    );
    const result = await runCli(["hot"], { FEEDGATE_FEED_URL: page.origin });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(
      /^hint: .*without the feed's Problem JSON: this URL looks like the model gateway or a web page.*FEEDGATE_FEED_URL/m,
    );
  });

  it("respond pointed at the feed service: a hint naming the gateway URL", async () => {
    const result = await runCli(["respond", "hello"], {
      ...fx.env,
      FEEDGATE_GATEWAY_URL: fx.feed.url,
      FEEDGATE_FEED_URL: "http://127.0.0.1:9",
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^hint: .*FEEDGATE_GATEWAY_URL/m);
  });

  it("never prints the key", () => {
    for (const text of allOutput) {
      expect(text).not.toContain(TEST_KEY);
      expect(text).not.toContain(TEST_KEY.slice(3));
    }
  });
});
