// Options under exactOptionalPropertyTypes (issue 24, item 3): every factory takes `undefined`
// for an omitted option, as an environment variable read gives it, and a misspelled option is a
// compile error naming the right one, as far as TypeScript's spelling suggestions reach (about a
// third of the name may differ); the run-time ConfigError also catches `retries` for `maxRetries`
// (tested per package).
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";
import { compileStrict } from "../support/strict-program.js";

// Inside tools/ (a "type": "module" folder), not written to disk.
const dir = join(root, "tools", ".option-shape");

const UNDEFINED_ACCEPTED = `
import { createFeedClient } from "@feedgate/feed-client";
import { createGatewayClient } from "@feedgate/gateway-client";
import { createFeedKit } from "@feedgate/kit/feed";
import { createSelectedMirror } from "@feedgate/kit/mirror";
import { createMemoryStore } from "@feedgate/kit/mirror";
import { startFeedFake, startGatewayFake } from "@feedgate/mock";
import { createFleet, openPostgresStore } from "@feedgate/postgres";

const env = process.env;
const feed = createFeedClient({ baseUrl: env["FEED_URL"], userAgent: env["UA"] });
createGatewayClient({ baseUrl: env["GATEWAY_URL"], apiKey: env["KEY"], maxRetries: undefined, timeoutMs: undefined });
createFeedKit({ baseUrl: env["FEED_URL"], userAgent: env["UA"], logger: undefined, maxRetries: undefined, timeoutMs: undefined });
createSelectedMirror({ client: feed, store: createMemoryStore(), fields: undefined, signal: undefined });
await startFeedFake({ port: undefined, seed: undefined });
const port: number | undefined = env["PORT"] ? Number(env["PORT"]) : undefined;
const gateway = await startGatewayFake({ port, clock: undefined, seed: undefined, apiKey: env["KEY"], models: undefined, unrouted: undefined, restrictedKeys: undefined, passThrough: undefined, pings: undefined, webRateLimit: undefined, maxBodyBytes: undefined, consoleOrigin: undefined, ignoreAsync: undefined });
gateway.images.scriptTask({ polls: 1, outcome: "completed", status: undefined, images: undefined, error: undefined, message: undefined });
gateway.faults.add({ fault: { type: "body", status: 200, body: "x", headers: undefined }, route: undefined, times: undefined, probability: undefined });
gateway.responses.scriptStream({ events: undefined, transcript: undefined, stallAfter: undefined, errorAfter: undefined, endAfter: undefined });
await openPostgresStore({ url: env["DATABASE_URL"], schema: env["SCHEMA"], directUrl: env["DIRECT_URL"] });
await createFleet({ url: env["DATABASE_URL"], feedUrl: env["FEED_URL"], memberId: env["MEMBER"], maxRetries: undefined, signal: undefined });
export {};
`;

/**
 * The shared options, same names and places in every factory that has them: `baseUrl` (the
 * fleet's is `feedUrl`, its `url` being PostgreSQL's), `fetch`, `maxRetries`, `timeoutMs`,
 * `logger`, and `signal` where a factory runs loops. The deprecated `retry` of the kit still compiles.
 */
const SHARED_NAMES = `
import { createFeedClient } from "@feedgate/feed-client";
import { createGatewayClient } from "@feedgate/gateway-client";
import { createFeedKit } from "@feedgate/kit/feed";
import { createMemoryStore, createSelectedMirror } from "@feedgate/kit/mirror";
import { createFleet } from "@feedgate/postgres";

const baseUrl = "http://127.0.0.1:9";
const fetch = (request: Request) => globalThis.fetch(request);
const logger = { warn: (message: string) => console.warn(message) };
const signal = new AbortController().signal;
const shared = { baseUrl, fetch, maxRetries: 0, timeoutMs: 5000, logger };
const feed = createFeedClient(shared);
createGatewayClient({ ...shared, apiKey: "sk-test-0123456789" });
createFeedKit(shared);
createFeedKit({ baseUrl, retry: { maxRetries: 0, timeoutMs: 5000 } });
createSelectedMirror({ client: feed, store: createMemoryStore(), logger, signal });
await createFleet({ url: "postgres://127.0.0.1:9/x", feedUrl: baseUrl, fetch, maxRetries: 0, timeoutMs: 5000, logger, signal });
export {};
`;

/** Each misspelling, and the name the compiler must suggest. */
const TYPOS: [code: string, meant: string][] = [
  [
    `import { createFeedKit } from "@feedgate/kit/feed";\ncreateFeedKit({ baseURL: "http://127.0.0.1:1" });`,
    "baseUrl",
  ],
  [
    `import { createFeedClient } from "@feedgate/feed-client";\ncreateFeedClient({ maxRetires: 1 });`,
    "maxRetries",
  ],
  [
    `import { createGatewayClient } from "@feedgate/gateway-client";\ncreateGatewayClient({ timeoutMS: 1 });`,
    "timeoutMs",
  ],
  [
    `import { openPostgresStore } from "@feedgate/postgres";\nawait openPostgresStore({ schemas: "x" });`,
    "schema",
  ],
  [
    `import { createFeedKit } from "@feedgate/kit/feed";\ncreateFeedKit({ maxRetires: 0 });`,
    "maxRetries",
  ],
  [
    `import { createFleet } from "@feedgate/postgres";\nawait createFleet({ timeoutMS: 1 });`,
    "timeoutMs",
  ],
];

describe("option shape under exactOptionalPropertyTypes", () => {
  const files = new Map<string, string>([
    [join(dir, "undefined.ts"), UNDEFINED_ACCEPTED],
    [join(dir, "shared.ts"), SHARED_NAMES],
    ...TYPOS.map(([code], i) => [join(dir, `typo-${i}.ts`), `${code}\nexport {};\n`] as const),
  ]);
  const found = compileStrict(files);

  it("every factory accepts undefined for an omitted option", () => {
    expect(found.get(join(dir, "undefined.ts"))).toEqual([]);
  });

  it("the shared options have the same names on every factory", () => {
    expect(found.get(join(dir, "shared.ts"))).toEqual([]);
  });

  it.each(TYPOS.map(([code, meant], i) => [meant, i, code] as const))(
    "a misspelling of %s is a compile error naming it",
    (meant, i) => {
      const errors = found.get(join(dir, `typo-${i}.ts`)) ?? [];
      expect(errors).toHaveLength(1);
      expect(errors[0]).toContain(`Did you mean to write '${meant}'?`);
    },
  );
});
