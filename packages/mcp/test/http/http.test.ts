import { request } from "node:http";
import type { FeedFake } from "@feedgate/mock";
import { fakeTime } from "@feedgate/test-harness";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { beforeAll, expect, it } from "vitest";
import {
  createFeedMcpServer,
  createResourceWatchers,
  type McpHttpServer,
  startMcpHttpServer,
} from "../../src/index.js";
import {
  hits,
  kitOn,
  mcpTestServers,
  pollAroundOneChange,
  textOf,
  updatesOf,
  WATCHED_ROUTES_LIVE_1S,
} from "../support/helpers.js";

let fake: FeedFake;
let open: McpHttpServer;
// The shared watchers run on fake time: a poll waits for `time.advance()`.
const time = fakeTime(Date.parse("2026-11-20T00:00:00Z"));
let guarded: McpHttpServer;
const TOKEN = "test-token-8f2k";

const servers = mcpTestServers();
beforeAll(async () => {
  fake = await servers.feed(WATCHED_ROUTES_LIVE_1S);
  const kit = kitOn(fake.url, { clock: time.clock, sleep: time.sleep });
  const watchers = createResourceWatchers(kit);
  open = servers.track(
    await startMcpHttpServer({ createServer: () => createFeedMcpServer({ kit, watchers }) }),
  );
  guarded = servers.track(
    await startMcpHttpServer({ createServer: () => createFeedMcpServer({ kit }), token: TOKEN }),
  );
});

async function clientOf(url: string, headers: Record<string, string> = {}): Promise<Client> {
  const client = new Client({ name: "http-test", version: "1.0.0" });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }),
  );
  return client;
}

/** A raw POST with chosen Host and Origin headers (fetch cannot set Host). */
function post(
  url: string,
  headers: Record<string, string>,
  body = '{"jsonrpc":"2.0","id":1,"method":"ping"}',
): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "application/json, text/event-stream",
          ...headers,
        },
      },
      (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

it("serves the tools over Streamable HTTP on 127.0.0.1", async () => {
  expect(open.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
  const client = await clientOf(open.url);
  expect((await client.listTools()).tools).toHaveLength(5);
  const result = await client.callTool({ name: "search_items", arguments: { limit: 2 } });
  expect((result.structuredContent as { count: number }).count).toBe(2);
  const error = await client.callTool({
    name: "get_story",
    arguments: { id: "00000000-0000-4000-8000-000000000000" },
  });
  expect(error.isError).toBe(true);
  expect(textOf(error)).toMatch(/NotFoundError/);
  await client.close();
});

it("refuses other origins and hosts (DNS rebinding) and oversized bodies", async () => {
  const port = new URL(open.url).port;
  expect(await post(open.url, { origin: "http://evil.example" })).toBe(403);
  expect(await post(open.url, { host: `evil.example:${port}` })).toBe(403);
  expect(await post(open.url, { origin: `http://localhost:${port}` })).toBe(400); // allowed, but no session yet
  expect(await post(open.url, {}, "x".repeat(2_000_000))).toBe(413);
});

it("requires the bearer token when one is set", async () => {
  expect(await post(guarded.url, {})).toBe(401);
  expect(await post(guarded.url, { authorization: "Bearer wrong" })).toBe(401);
  const client = await clientOf(guarded.url, { authorization: `Bearer ${TOKEN}` });
  expect((await client.callTool({ name: "hot_topics", arguments: {} })).isError).toBeFalsy();
  await client.close();
});

it("sends a resource update over HTTP, exactly once per change", async () => {
  const client = await clientOf(open.url);
  const updates = updatesOf(client);
  const path = "/api/v1/codex-resets/recent";
  const before = hits(fake, path).length;
  await client.subscribeResource({ uri: "feedgate://resets/recent" });
  await pollAroundOneChange(fake, time, [path, before], updates, async () => {
    const events = (await fetch(`${fake.url}/api/v1/codex-resets`).then((r) => r.json())) as {
      events: never[];
    };
    fake.resets.set(events.events.slice(1));
  });
  expect(updates).toEqual(["feedgate://resets/recent"]);
  await client.close();
});

it("a session with no open request for idleMs is closed (its id is then unknown)", async () => {
  let closed!: () => void;
  const sessionClosed = new Promise<void>((resolve) => (closed = resolve));
  const idle = servers.track(
    await startMcpHttpServer({
      createServer: () => {
        const server = createFeedMcpServer({ kit: kitOn(fake.url) });
        const previous = server.server.onclose;
        server.server.onclose = () => (previous?.(), closed());
        return server;
      },
      idleMs: 200,
    }),
  );
  const headers = {
    "content-type": "application/json",
    accept: "application/json, text/event-stream",
  };
  const initialize = await fetch(idle.url, {
    method: "POST",
    headers,
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "t", version: "1" },
      },
    }),
  });
  const session = initialize.headers.get("mcp-session-id")!;
  await initialize.text();
  const ping = () =>
    fetch(idle.url, {
      method: "POST",
      headers: { ...headers, "mcp-session-id": session, "mcp-protocol-version": "2025-06-18" },
      body: '{"jsonrpc":"2.0","id":2,"method":"ping"}',
    });
  const alive = await ping();
  await alive.text();
  expect(alive.status).toBe(200);
  await sessionClosed;
  expect((await ping()).status).toBe(404);
});

it("past maxSessions, the least recently used session is closed and new ones are served", async () => {
  const small = await startMcpHttpServer({
    createServer: () => createFeedMcpServer({ kit: kitOn(fake.url) }),
    maxSessions: 2,
  });
  try {
    const first = await clientOf(small.url);
    const second = await clientOf(small.url);
    await first.listTools(); // first is now the most recently used
    const third = await clientOf(small.url);
    expect((await third.listTools()).tools).toHaveLength(5);
    expect((await first.listTools()).tools).toHaveLength(5);
    await expect(second.listTools()).rejects.toThrow();
    await Promise.all([first.close(), second.close(), third.close()]);
  } finally {
    await small.close();
  }
});
