import { startFeedFake } from "@feedgate/mock";
import { testServers } from "@feedgate/test-harness";
import postgres from "postgres";
import { expect, inject } from "vitest";
import {
  createFleet,
  type FleetMember,
  type FleetOptions,
  openPostgresStore,
  type PostgresMirrorStore,
  type PostgresStoreOptions,
} from "../../src/index.js";

/** The run's PostgreSQL (started once by test/setup/postgres.ts). */
export const postgresUrl = (): string => inject("postgresUrl");

/**
 * The set-up every PostgreSQL test file shares, on the harness's server builder: feed fakes,
 * stores and fleet members, each stopped after the test that started it (or after the file,
 * when a `beforeAll` did), the last started first. Schemas are fresh per call and named after
 * `prefix` and the process: the tests share one server, never their tables. Call it once at
 * the file's top level.
 */
export function postgresTestBed(prefix: string) {
  const servers = testServers({ startFeedFake });
  let n = 0;
  const freshSchema = () => `${prefix}${process.pid}_${++n}`;
  return {
    ...servers,
    freshSchema,
    /** A store on the run's server, in a fresh schema unless `options.schema` says otherwise. */
    store: async (options: Partial<PostgresStoreOptions> = {}): Promise<PostgresMirrorStore> =>
      servers.track(
        await openPostgresStore({ url: postgresUrl(), schema: freshSchema(), ...options }),
      ),
    /** A fleet member on the run's server (unless `options.url` says otherwise). */
    member: async (options: FleetOptions): Promise<FleetMember> =>
      servers.track(await createFleet({ url: postgresUrl(), ...options })),
    /** A connection for what a test does as the administrator; the test ends it. */
    admin: () => postgres(postgresUrl(), { onnotice: () => {} }),
  };
}

/**
 * Resolves once `check` holds, re-checked every 25 ms; rejects after `ms` (default 50 s, under
 * the 60 s test timeout) so a condition never reached fails with a message rather than the
 * test's timeout. A hang guard, not a speed check: a busy machine may take many times longer.
 */
export async function until(check: () => boolean | Promise<boolean>, ms = 50_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("condition not reached in time");
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** A snapshot of one page holding `items`, committed (each step checked); its generation. */
export async function commitOnePage(store: PostgresMirrorStore, items: never[]): Promise<number> {
  const g = await store.beginSnapshot("default");
  expect(await store.putSnapshotPage(g, { items, cursor: "c1", nextPage: null })).toBe(true);
  expect(await store.commitSnapshot(g)).toBe(true);
  return g;
}
