import { fromRoot } from "@feedgate/test-harness";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FeedFake, GatewayFake } from "../../src/index.js";
import { credentialFor, ROUTE_ALL } from "../support/gateway.js";
import { type PrismProxy, startPrismProxy } from "../support/prism-proxy.js";
import { mockServers } from "../support/servers.js";

const servers = mockServers();

let feed: FeedFake;
let gateway: GatewayFake;
let feedProxy: PrismProxy;
let gatewayProxy: PrismProxy;

beforeAll(async () => {
  [feed, gateway] = await Promise.all([servers.feed(), servers.gateway(ROUTE_ALL)]);
  [feedProxy, gatewayProxy] = await Promise.all([
    startPrismProxy(fromRoot("specs/feed/dist/openapi-v1.json"), feed.url),
    startPrismProxy(fromRoot("specs/gateway/dist/openapi.json"), gateway.url),
  ]);
}, 60_000);

afterAll(async () => {
  await Promise.all([feedProxy?.stop(), gatewayProxy?.stop()]);
});

/** Sends through the proxy; Prism with --errors turns any contract violation into 500 and reports it in sl-violations. */
async function viaProxy(proxy: PrismProxy, path: string, init: RequestInit = {}) {
  const response = await fetch(proxy.url + path, { redirect: "manual", ...init });
  const text = await response.text();
  return {
    status: response.status,
    violations: response.headers.get("sl-violations"),
    text,
    headers: response.headers,
  };
}

describe("prism proxy --errors confirms the fakes keep the contract", () => {
  it("feed: every operation's 200, 304 and Problems pass Prism's validation", async () => {
    const snapshot = (await (
      await fetch(`${feed.url}/api/v1/selected/snapshot?limit=2`)
    ).json()) as { cursor: string; nextPage: string };
    const hot = (await (await fetch(`${feed.url}/api/v1/hot-topics`)).json()) as {
      items: Array<{ links: { story?: string } }>;
    };
    const story = hot.items[0]?.links.story?.split("/").pop() ?? "";
    const cases: Array<[string, number, Record<string, string>?]> = [
      ["/api/v1/items?mode=all&limit=3", 200],
      ["/api/v1/items?q=agents&window=24h&by=published", 200],
      ["/api/v1/items?cursor=bogus", 400],
      ["/api/v1/codex-resets", 200],
      ["/api/v1/codex-resets/recent", 200],
      ["/api/v1/hot-topics", 200],
      ["/api/v1/hot-topics", 304, { "if-none-match": "*" }],
      [`/api/v1/stories/${story}`, 200],
      ["/api/v1/stories/aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa", 404],
      ["/api/v1/dailies?limit=3", 200],
      ["/api/v1/dailies/latest", 200],
      ["/api/v1/dailies/2026-11-19", 200],
      ["/api/v1/dailies/2001-01-01", 404],
      ["/api/v1/selected/snapshot?limit=2&fields=minimal", 200],
      [`/api/v1/selected/snapshot?page=${encodeURIComponent(snapshot.nextPage)}&limit=2`, 200],
      [`/api/v1/selected/changes?cursor=${encodeURIComponent(snapshot.cursor)}&limit=5`, 200],
      ["/api/v1/selected/changes?cursor=nope", 409],
    ];
    for (const [path, status, headers] of cases) {
      const answer = await viaProxy(feedProxy, path, { headers: headers ?? {} });
      expect(
        answer.violations,
        `${path}: ${answer.violations}\n${feedProxy.log().slice(-2000)}`,
      ).toBeNull();
      expect(answer.status, `${path}: ${answer.text.slice(0, 300)}`).toBe(status);
    }
    for (const status of [429, 503] as const) {
      feed.faults.add({
        route: "items",
        fault: { type: "status", status, retryAfter: 2 },
        times: 1,
      });
      const answer = await viaProxy(feedProxy, "/api/v1/items");
      expect(answer.violations).toBeNull();
      expect([answer.status, answer.headers.get("retry-after")]).toEqual([status, "2"]);
    }
  });

  it("feed: Prism does flag a body that breaks the contract (the check can fail)", async () => {
    feed.faults.add({
      route: "hotTopics",
      fault: { type: "body", status: 200, body: { schemaVersion: 2, items: "no" } },
      times: 1,
    });
    const answer = await viaProxy(feedProxy, "/api/v1/hot-topics");
    expect(answer.status).toBe(500);
    expect(answer.violations ?? answer.text).toMatch(/schemaVersion|items|VIOLATIONS/i);
  });

  it("gateway: JSON operations of every family pass Prism's validation (streams are checked directly, as the proxy buffers them)", async () => {
    const post = (path: string, body: unknown) =>
      viaProxy(gatewayProxy, path, {
        method: "POST",
        headers: { ...credentialFor(path, gateway.apiKey), "content-type": "application/json" },
        body: JSON.stringify(body),
      });
    const get = (path: string) =>
      viaProxy(gatewayProxy, path, { headers: credentialFor(path, gateway.apiKey) });
    const created = await post("/v1/responses", { model: "m", input: "hello" });
    expect(created.violations, created.violations ?? "").toBeNull();
    expect(created.status).toBe(200);
    const id = (JSON.parse(created.text) as { id: string }).id;
    const background = JSON.parse(
      (await post("/v1/responses", { model: "m", input: "x", background: true })).text,
    ) as { id: string };
    const task = await post("/v1/images/generations?async=true", { model: "m", prompt: "p" });
    const taskId = (JSON.parse(task.text) as { task_id: string }).task_id;
    const answers = [
      task,
      await get(`/v1/responses/${id}`),
      await viaProxy(gatewayProxy, `/v1/responses/${background.id}/cancel`, {
        method: "POST",
        headers: credentialFor("/v1", gateway.apiKey),
      }),
      await post("/v1/responses/input_tokens", { model: "m", input: "hello" }),
      await post("/v1/responses/compact", { model: "m", input: "hello" }),
      await post("/v1/images/generations", { model: "m", prompt: "p", n: 2 }),
      await get(`/v1/images/generations/${taskId}`),
      await get(`/v1/images/generations/${taskId}`),
      await post("/v1/messages/count_tokens", {
        model: "c",
        messages: [{ role: "user", content: "hi" }],
      }),
      await post("/v1beta/models/gemini-x:generateContent", {
        contents: [{ role: "user", parts: [{ text: "hi" }] }],
      }),
      await viaProxy(gatewayProxy, `/v1/responses/${id}`, {
        method: "DELETE",
        headers: credentialFor("/v1", gateway.apiKey),
      }),
    ];
    for (const answer of answers) {
      expect(
        answer.violations,
        `${answer.status} ${answer.violations}\n${answer.text.slice(0, 300)}`,
      ).toBeNull();
      expect(answer.status, answer.text.slice(0, 300)).toBe(200);
    }
    const errors = [
      await get("/v1/images/generations/task_missing"),
      await get("/v1/responses/resp_missing"),
      await viaProxy(gatewayProxy, "/v1beta/models/gemini-x:generateContent", {
        method: "POST",
        headers: { "x-goog-api-key": "sk-wrong", "content-type": "application/json" },
        body: JSON.stringify({ contents: [{ parts: [{ text: "hi" }] }] }),
      }),
    ];
    expect(errors.map((a) => a.status)).toEqual([400, 404, 401]);
    for (const answer of errors) expect(answer.violations, answer.violations ?? "").toBeNull();
    gateway.faults.add({
      route: "createResponse",
      fault: { type: "status", status: 429, retryAfter: 4 },
      times: 1,
    });
    const limited = await post("/v1/responses", { model: "m", input: "x" });
    expect([limited.status, limited.violations]).toEqual([429, null]);
  });
});
