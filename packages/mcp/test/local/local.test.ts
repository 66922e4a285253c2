import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSelectedMirror } from "@feedgate/kit/mirror";
import { openFileStore } from "@feedgate/kit/node";
import type { FeedFake } from "@feedgate/mock";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, expect, it } from "vitest";
import { fileStoreCopy } from "../../src/index.js";
import {
  connect,
  kitOn,
  mcpTestServers,
  textOf,
  WATCHED_ROUTES_LIVE_1S,
} from "../support/helpers.js";

let fake: FeedFake;
let dir: string;
let client: Client;
type Result = Awaited<ReturnType<Client["callTool"]>>;
const call = (name: string, args: Record<string, unknown> = {}) =>
  client.callTool({ name, arguments: args }) as Promise<Result>;

const servers = mcpTestServers();
beforeAll(async () => {
  fake = await servers.feed(WATCHED_ROUTES_LIVE_1S);
  dir = await mkdtemp(join(tmpdir(), "feedgate-mcp-"));
  const kit = kitOn(fake.url);
  const store = await openFileStore(dir);
  await createSelectedMirror({ client: kit.client, store }).sync();
  await store.close();
  ({ client } = servers.track(await connect({ kit, store: fileStoreCopy(dir) })));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it("search_local is listed, read-only and closed-world", async () => {
  const tool = (await client.listTools()).tools.find((t) => t.name === "search_local");
  expect(tool?.annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
});

it("search_local filters and pages the mirror without a single request", async () => {
  const before = fake.requests.length;
  const all = (await call("search_local", { limit: 25 })).structuredContent as {
    items: Array<{ id: string; title: string; time: string }>;
    nextCursor: string | null;
  };
  expect(all.items.length).toBeGreaterThan(0);
  const times = all.items.map((i) => i.time);
  expect([...times].sort().reverse()).toEqual(times);
  const word = all.items[0]!.title.split(/\s+/).find((w) => w.length >= 4)!;
  const found = await call("search_local", { q: word.toUpperCase() });
  const items = (
    found.structuredContent as { items: Array<{ title: string; summary: string | null }> }
  ).items;
  expect(items.length).toBeGreaterThan(0);
  for (const item of items)
    expect(`${item.title}\n${item.summary ?? ""}`.toLowerCase()).toContain(word.toLowerCase());
  const first = (await call("search_local", { limit: 2 })).structuredContent as {
    items: Array<{ id: string }>;
    nextCursor: string;
  };
  const second = (await call("search_local", { limit: 2, cursor: first.nextCursor }))
    .structuredContent as { items: Array<{ id: string }> };
  expect(second.items.map((i) => i.id)).toEqual(all.items.slice(2, 4).map((i) => i.id));
  expect(textOf(found)).toMatch(/local item/);
  expect((await call("search_local", { since: "not a date" })).isError).toBe(true);
  expect(fake.requests.length).toBe(before);
});
