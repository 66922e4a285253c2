import { createServer, type RequestListener } from "node:http";
import type { AddressInfo, Socket } from "node:net";
import { afterAll, afterEach, beforeEach } from "vitest";
import {
  type HostileHandler,
  type HostileOptions,
  type HostileServer,
  startHostileServer,
} from "./hostile.js";

/**
 * One way for every test to start the servers it talks to — a feed fake, a gateway fake, a
 * hostile server, a plain node:http handler — on 127.0.0.1, and to have them stopped for it:
 * what a test (or its `beforeEach`) starts is stopped after that test, what a `beforeAll` starts
 * is stopped after the file. Anything else with `close()` or `stop()` (a fleet member, a
 * pooler, a store) can be handed over with `track`.
 */

/** Something a test starts and must stop: a fake (`close()`), a hostile server or a pooler (`stop()`). */
export type Stoppable = { close(): unknown } | { stop(): unknown };

/**
 * The fakes' start functions, passed in by the test (`import { startFeedFake } from
 * "@feedgate/mock"`): the harness cannot depend on the mock, whose own tests use the harness.
 */
export interface FakeStarters<FeedOptions, Feed, GatewayOptions, Gateway> {
  /** `startFeedFake` of `@feedgate/mock`. Default: none (`feed()` throws). */
  startFeedFake?: (options?: FeedOptions) => Promise<Feed>;
  /** `startGatewayFake` of `@feedgate/mock`. Default: none (`gateway()` throws). */
  startGatewayFake?: (options?: GatewayOptions) => Promise<Gateway>;
}

/** A plain node:http server on 127.0.0.1. */
export interface HttpTestServer {
  /** `http://<host>:<port>`: `host` is the `originHost` asked for (default `127.0.0.1`). */
  readonly origin: string;
  /** Closes every connection and the server; resolves once it is closed. */
  close(): Promise<void>;
}

/** Options of {@link startHttpServer}. */
export interface HttpTestServerOptions {
  /**
   * The host name in `origin`. The server always listens on 127.0.0.1; `localhost` gives the
   * same server a second origin (for tests of cross-origin rules). Default: `127.0.0.1`.
   */
  originHost?: "127.0.0.1" | "localhost";
}

/** Starts `handler` on a free port of 127.0.0.1; not stopped by itself (see {@link testServers}). */
export async function startHttpServer(
  handler: RequestListener,
  options: HttpTestServerOptions = {},
): Promise<HttpTestServer> {
  const server = createServer(handler);
  const sockets = new Set<Socket>();
  server.on("connection", (socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  let closed: Promise<void> | undefined;
  return {
    origin: `http://${options.originHost ?? "127.0.0.1"}:${port}`,
    close: () =>
      (closed ??= new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      })),
  };
}

/** The servers of one test file; see {@link testServers}. */
export interface TestServers<FeedOptions, Feed, GatewayOptions, Gateway> {
  /** A feed fake (the `startFeedFake` passed in), stopped for the test. */
  feed(options?: FeedOptions): Promise<Feed>;
  /** A gateway fake (the `startGatewayFake` passed in), stopped for the test. */
  gateway(options?: GatewayOptions): Promise<Gateway>;
  /** A hostile server ({@link startHostileServer}), stopped for the test. */
  hostile(handler: HostileHandler, options?: HostileOptions): Promise<HostileServer>;
  /** A plain node:http handler on 127.0.0.1 ({@link startHttpServer}), stopped for the test. */
  http(handler: RequestListener, options?: HttpTestServerOptions): Promise<HttpTestServer>;
  /**
   * Hands anything with `close()` or `stop()` over to be stopped like the servers; returns it.
   * `until`: `"file"` keeps it until the file ends even when a test starts it (a shared fake a
   * test replaces). Default: after the test when a test (or its `beforeEach`) starts it, else
   * after the file.
   */
  track<T extends Stoppable>(thing: T, until?: "test" | "file"): T;
}

async function stopAll(things: Stoppable[]): Promise<void> {
  // Last started, first stopped: a member stops before the fake it polls.
  const stopping = things.splice(0).reverse();
  for (const thing of stopping) {
    await Promise.resolve("close" in thing ? thing.close() : thing.stop()).catch(() => {});
  }
}

/**
 * The server builder of a test file; call it once at the file's top level (it registers the
 * hooks that stop what was started). Pass the mock's start functions to use `feed()` and
 * `gateway()`: `const servers = testServers({ startFeedFake })`.
 */
export function testServers<
  FeedOptions = never,
  Feed = never,
  GatewayOptions = never,
  Gateway = never,
>(
  fakes: FakeStarters<FeedOptions, Feed, GatewayOptions, Gateway> = {},
): TestServers<FeedOptions, Feed, GatewayOptions, Gateway> {
  const forTheFile: Stoppable[] = [];
  const forTheTest: Stoppable[] = [];
  let inTest = false;
  // Registered first, so it runs before the file's own beforeEach: what that starts is the test's.
  beforeEach(() => {
    inTest = true;
  });
  afterEach(async () => {
    inTest = false;
    await stopAll(forTheTest);
  });
  afterAll(() => stopAll(forTheFile));
  const track = <T extends Stoppable>(thing: T, until?: "test" | "file"): T => {
    ((until ?? (inTest ? "test" : "file")) === "test" ? forTheTest : forTheFile).push(thing);
    return thing;
  };
  /** A fake's start function, tracked; a clear failure when the test did not pass it in. */
  const fake =
    <O, F>(start: ((options?: O) => Promise<F>) | undefined, name: string) =>
    async (options?: O): Promise<F> => {
      if (!start) throw new Error(`testServers: pass ${name} from @feedgate/mock to start it`);
      return track((await start(options)) as Stoppable) as F;
    };
  return {
    feed: fake(fakes.startFeedFake, "startFeedFake"),
    gateway: fake(fakes.startGatewayFake, "startGatewayFake"),
    hostile: async (handler, options) => track(await startHostileServer(handler, options)),
    http: async (handler, options) => track(await startHttpServer(handler, options)),
    track,
  };
}
