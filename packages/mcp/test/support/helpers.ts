import { createFeedKit, type FeedKit, type FeedKitOptions } from "@feedgate/kit/feed";
import { type FeedFake, type FeedFakeOptions, startFeedFake } from "@feedgate/mock";
import { type fakeTime, testServers } from "@feedgate/test-harness";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { ResourceUpdatedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, expect } from "vitest";
import { createFeedMcpServer, type FeedMcpServerOptions } from "../../src/index.js";

/** A feed fake whose watched routes live 1 s (the poller's floor), so a change reaches a watcher within about a second. */
export const WATCHED_ROUTES_LIVE_1S: FeedFakeOptions = {
  cacheControl: { hotTopics: 1, codexResetsRecent: 1, latestDaily: 1 },
};

/** The test file's servers (the harness's builder, with the feed fake): stopped after the test or the file. */
export const mcpTestServers = () => testServers({ startFeedFake });

/** A kit on the fake with a small body cap and short waits, as a server for tests. */
export function kitOn(url: string, options: FeedKitOptions = {}): FeedKit {
  return createFeedKit({
    baseUrl: url,
    retry: { maxResponseBytes: 1_048_576, timeoutMs: 10_000, deadlineMs: 20_000 },
    ...options,
  });
}

/**
 * For the whole file: a feed fake (watched routes live 1 s) and an MCP client connected to a
 * server on it, started in a `beforeAll` and stopped after the file; `servers` starts more.
 */
export function feedSessionForTheFile() {
  const servers = mcpTestServers();
  const session = { servers } as {
    servers: typeof servers;
    fake: FeedFake;
    client: Client;
  };
  beforeAll(async () => {
    session.fake = await servers.feed(WATCHED_ROUTES_LIVE_1S);
    ({ client: session.client } = servers.track(await connect({ kit: kitOn(session.fake.url) })));
  });
  return session;
}

/** An MCP client connected in-process to a feed MCP server. */
export async function connect(
  options: FeedMcpServerOptions,
): Promise<{ client: Client; close(): Promise<void> }> {
  const server = createFeedMcpServer(options);
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await server.connect(serverSide);
  const client = new Client({ name: "test", version: "1.0.0" });
  await client.connect(clientSide);
  return {
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** Requests the fake saw on a path (query ignored). */
export const hits = (fake: FeedFake, path: string) => fake.requests.filter((r) => r.path === path);

/** Resolves once `check` holds, re-checked on every request the fake sees (bounded by the test timeout). */
export function until(_fake: FeedFake, check: () => boolean): Promise<void> {
  return new Promise((resolve) => {
    const tick = () => (check() ? resolve() : setTimeout(tick, 20));
    tick();
  });
}

/** The text of a tool result. */
export const textOf = (result: unknown) =>
  (((result as { content?: unknown }).content as Array<{ text?: string }> | undefined) ?? [])
    .map((c) => c.text ?? "")
    .join("\n");

/** The URIs of every resource update the client is sent, in order. */
export function updatesOf(client: Client): string[] {
  const updates: string[] = [];
  client.setNotificationHandler(
    ResourceUpdatedNotificationSchema,
    (n) => void updates.push(n.params.uri),
  );
  return updates;
}

/** Lets the one pending watcher wait run out: the next poll is sent. */
export async function pollOnce(fake: FeedFake, time: ReturnType<typeof fakeTime>): Promise<void> {
  await until(fake, () => time.pending() === 1);
  time.advance();
}

/**
 * A subscription's polls of `path` (`before` requests to it came before the subscription) around
 * one change: the baseline, a conditional poll answered 304 (no update sent), then `change()` and
 * its one update, then two polls with nothing new.
 */
export async function pollAroundOneChange(
  fake: FeedFake,
  time: ReturnType<typeof fakeTime>,
  [path, before]: [string, number],
  updates: readonly string[],
  change: () => void | Promise<void>,
): Promise<void> {
  const polled = (n: number) => until(fake, () => hits(fake, path).length === before + n);
  await pollOnce(fake, time);
  await polled(2);
  expect(hits(fake, path)[before + 1]).toMatchObject({ status: 304 });
  expect(updates).toEqual([]);
  await change();
  await pollOnce(fake, time);
  await until(fake, () => updates.length > 0);
  await pollOnce(fake, time);
  await pollOnce(fake, time);
  await polled(5);
}
