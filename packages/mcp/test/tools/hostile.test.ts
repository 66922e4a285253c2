import type { FeedFake } from "@feedgate/mock";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { beforeAll, expect, it } from "vitest";
import { connect, feedSessionForTheFile, hits, kitOn, textOf } from "../support/helpers.js";

let fake: FeedFake;
let client: Client;
type Result = Awaited<ReturnType<Client["callTool"]>>;
const call = (c: Client, name: string, args: Record<string, unknown> = {}) =>
  c.callTool({ name, arguments: args }) as Promise<Result>;

const session = feedSessionForTheFile();
beforeAll(() => void ({ fake, client } = session));

it("endless arguments are refused by the schema, without a request, and the server keeps serving", async () => {
  const before = fake.requests.length;
  const result = await call(client, "search_items", {
    q: "x".repeat(1_000_000),
    category: "y".repeat(100_000),
  });
  expect(result.isError).toBe(true);
  expect(textOf(result).length).toBeLessThan(5_000);
  const extra = await call(client, "hot_topics", { unexpected: "z".repeat(100_000) });
  expect(extra.isError).toBeFalsy(); // unknown keys are dropped, never sent
  expect(hits(fake, "/api/v1/items").length).toBe(0);
  expect(fake.requests.length).toBe(before + 1);
});

it("an oversized upstream answer ends the call with a bounded error; the next call is served", async () => {
  const huge = {
    schemaVersion: 1,
    count: 10,
    items: Array.from({ length: 20_000 }, (_, i) => ({
      rank: i,
      id: `id-${i}`,
      title: "t".repeat(100),
    })),
  };
  fake.faults.add({
    route: "hotTopics",
    fault: { type: "body", status: 200, body: huge },
    times: 1,
  });
  const result = await call(client, "hot_topics");
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(/response_too_large/);
  expect(textOf(result).length).toBeLessThan(1_000);
  expect((await call(client, "hot_topics")).isError).toBeFalsy();
});

it("a repeated cursor ends the call with a bounded error", async () => {
  const page = await fetch(`${fake.url}/api/v1/items?limit=2`).then(
    (r) => r.json() as Promise<{ page: Record<string, unknown> }>,
  );
  fake.faults.add({
    route: "items",
    fault: {
      type: "body",
      status: 200,
      body: { ...page, page: { ...page.page, nextCursor: "same-cursor", hasMore: true } },
    },
    times: 1,
  });
  const result = await call(client, "search_items", { cursor: "same-cursor", limit: 2 });
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(/repeated_cursor/);
});

it("an endless body ends the call with a bounded error", async () => {
  // A feed whose hot topics never end: chunks until the client stops reading (bounded: 64 MiB at most).
  let sent = 0;
  const endless = await session.servers.http((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" });
    res.write('{"schemaVersion":1,"items":[');
    const chunk = `{"title":"${"a".repeat(16_000)}"},`;
    const pump = () => {
      while (sent < 64 * 1_048_576 && !res.destroyed) {
        sent += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
      res.end();
    };
    pump();
  });
  const endlessSession = session.servers.track(await connect({ kit: kitOn(endless.origin) }));
  const result = await call(endlessSession.client, "hot_topics");
  expect(result.isError).toBe(true);
  expect(textOf(result)).toMatch(/response_too_large/);
  expect(sent).toBeLessThan(64 * 1_048_576);
});
