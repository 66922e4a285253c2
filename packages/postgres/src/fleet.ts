import { configError } from "@feedgate/kit";
import { pause as sleepUnless, realSleep, serverWaitMs, MAX_SERVER_WAIT_MS } from "@feedgate/core";
import { randomUUID } from "node:crypto";
import { createFeedKit, freshnessMs, type FeedKitOptions } from "@feedgate/kit/feed";
import { createSelectedMirror } from "@feedgate/kit/mirror";
import { connect, type Sql } from "./connection.js";
import { openPostgresStore, type PostgresMirrorStore } from "./store.js";

/** What a fleet can share: the selected-set mirror and the feed's light, frequently polled resources. */
export type FleetResource = "mirror" | "hotTopics" | "codexResetsRecent" | "latestDaily";
const POLLED = ["hotTopics", "codexResetsRecent", "latestDaily"] as const;
type Polled = (typeof POLLED)[number];

/** Options of `createFleet`; only `url` is required. */
export interface FleetOptions {
  /** PostgreSQL URL. Required. Its password never appears in a log or an error. */
  url: string;
  /** The feed service's origin. Default: `FEEDGATE_FEED_URL` where set, else `https://aihot.virxact.com` (as the feed kit resolves it). */
  feedUrl?: string;
  /** Schema of the shared tables. Default: `"feedgate"`. */
  schema?: string;
  /** What this member may lead. Default: all four. */
  resources?: readonly FleetResource[];
  /**
   * How often a member without a resource tries to take it, and a leader checks its lock's
   * connection. A leader that dies is replaced within this (plus the time PostgreSQL takes to
   * notice a vanished connection, immediate when the process died). Default: 2000 ms.
   */
  checkMs?: number;
  /** No two polls of a resource closer than this, fleet-wide, whatever the service says. Default: 1000 ms (at least 1000). */
  floorMs?: number;
  /** Called when this member takes or loses a resource. Default: none. */
  onLeadership?: (resource: FleetResource, leading: boolean) => void;
  /** Options of the feed kit (retries, logger, ...). Default: the kit's. */
  kit?: Omit<FeedKitOptions, "baseUrl">;
  /** This member's name in the `resources` table. Default: a random id. */
  memberId?: string;
}

/** One process of a fleet: leads some resources, reads every one. */
export interface FleetMember {
  /** This member's id (the `memberId` option, else a generated one). */
  readonly memberId: string;
  /** The shared copy of the selected set (any member reads it; only the leader writes). */
  readonly store: PostgresMirrorStore;
  /** Resources this member leads now. */
  leading(): FleetResource[];
  /** The last version of a polled resource any leader stored (with its ETag), or undefined. */
  read(resource: Polled): Promise<
    | {
        /** The stored answer body. */
        body: unknown;
        /** Its ETag, or null when the answer had none. */
        etag: string | null;
        /** When the leader fetched it. */
        fetchedAt: Date;
      }
    | undefined
  >;
  /** Stops every loop and releases every lock. */
  stop(): Promise<void>;
}

const lockKey = (schema: string, resource: FleetResource) => `feedgate:${schema}:${resource}`;
/** After a poll failed (retries included) without a Retry-After: the fleet's pause before the next. */
const ERROR_PAUSE_MS = 5000;
/** The longest a fleet trusts one answer's lifetime (s-maxage) before polling again: a day, as for a server's wait. */
const MAX_LIFETIME_MS = MAX_SERVER_WAIT_MS;

/**
 * Joins a fleet: for each resource, this member tries to take its advisory lock (one session
 * lock per resource, on a connection reserved for it); the member that holds it runs the
 * resource's loop (the mirror's `follow`, or a conditional poller), every other one waits and
 * tries again every `checkMs`. The lock dies with its connection, so a killed leader is replaced
 * within `checkMs`. Pollers keep each resource's ETag and next allowed poll in the `resources`
 * table: a new leader revalidates (If-None-Match) and never polls sooner than the service's
 * s-maxage allowed the previous one.
 */
export async function createFleet(options: FleetOptions): Promise<FleetMember> {
  const checkMs = options.checkMs ?? 2000;
  const floorMs = options.floorMs ?? 1000;
  if (!(floorMs >= 1000)) throw configError("floorMs", "at least 1000 ms");
  if (!(checkMs >= 100)) throw configError("checkMs", "at least 100 ms");
  const schema = options.schema ?? "feedgate";
  const memberId = options.memberId ?? randomUUID();
  const resources = options.resources ?? (["mirror", ...POLLED] as FleetResource[]);
  const store = await openPostgresStore({ url: options.url, schema, maxConnections: 4 });
  const sql = store.sql;
  const kit = createFeedKit(options.feedUrl === undefined ? { ...options.kit } : { ...options.kit, baseUrl: options.feedUrl });
  const stopping = new AbortController();
  const held = new Set<FleetResource>();
  const loops = resources.map((resource) => lead(resource));

  async function lead(resource: FleetResource): Promise<void> {
    // Its own one-connection client: the lock is that session's. postgres.js reconnects it by
    // itself after a cut (a new session, without the lock), which the heartbeat then notices.
    const lockSql = connect(options.url, schema, 1);
    try {
      while (!stopping.signal.aborted) {
        try {
          const [row] = await within(checkMs * 2, lockSql`select pg_try_advisory_lock(hashtext(${lockKey(schema, resource)})) as ok`);
          if (row?.["ok"]) await holding(resource, lockSql);
        } catch {
          // A lost connection or a failed loop: let go, and try again after a pause.
        } finally {
          if (held.delete(resource)) options.onLeadership?.(resource, false);
        }
        await pause(checkMs, stopping.signal);
      }
    } finally {
      // Ending the session releases the lock, whatever state it is in.
      await lockSql.end({ timeout: 1 }).catch(() => {});
    }
  }

  /** Runs a resource's loop while its session still holds the lock (checked every checkMs). */
  async function holding(resource: FleetResource, lockSql: Sql): Promise<void> {
    held.add(resource);
    options.onLeadership?.(resource, true);
    const lost = new AbortController();
    const signal = AbortSignal.any([stopping.signal, lost.signal]);
    const heartbeat = (async () => {
      while (!signal.aborted) {
        await pause(checkMs, signal);
        if (signal.aborted) return;
        try {
          // This connection takes no other advisory lock: any one it holds is this resource's.
          const [row] = await within(checkMs, lockSql`select exists(select 1 from pg_locks where locktype = 'advisory' and granted and pid = pg_backend_pid()) as held`);
          if (!row?.["held"]) lost.abort(new Error("the lock was lost with its session"));
        } catch {
          lost.abort(new Error("the lock's connection does not answer"));
        }
      }
    })();
    try {
      if (resource === "mirror") {
        const mirror = createSelectedMirror({ client: kit.client, store, signal });
        await mirror.follow({ signal }).catch((error: unknown) => {
          if (!signal.aborted) throw error;
        });
      } else {
        await poll(resource, signal);
      }
    } finally {
      lost.abort();
      await heartbeat;
      await within(checkMs, lockSql`select pg_advisory_unlock(hashtext(${lockKey(schema, resource)}))`).catch(() => {});
    }
  }

  /** A conditional poller whose ETag and next allowed poll are the fleet's, not the member's. */
  async function poll(resource: Polled, signal: AbortSignal): Promise<void> {
    while (!signal.aborted) {
      const [row] = await sql`select etag, next_poll_at from resources where name = ${resource}`;
      const wait = row?.["next_poll_at"] ? new Date(row["next_poll_at"]).getTime() - Date.now() : 0;
      if (wait > 0 && !(await pause(wait, signal))) return;
      let lifetime: number | undefined;
      try {
        // The transport retries a failed attempt itself (idempotent GET, Retry-After honoured).
        const result = await kit.request(resource, undefined, { signal, ifNoneMatch: row?.["etag"] ?? undefined });
        lifetime = freshnessMs(result.meta.cacheControl);
        // A lifetime is honoured up to a day: a huge s-maxage must not park the resource forever.
        const next = new Date(Date.now() + Math.min(MAX_LIFETIME_MS, Math.max(floorMs, lifetime ?? 60_000)));
        if (result.notModified) {
          await sql`update resources set next_poll_at = ${next}, leader = ${memberId} where name = ${resource}`;
        } else {
          await sql`insert into resources (name, etag, cache_control, next_poll_at, body, fetched_at, leader)
            values (${resource}, ${result.etag ?? null}, ${result.meta.cacheControl ?? null}, ${next}, ${sql.json(result.data as never)}, now(), ${memberId})
            on conflict (name) do update set etag = excluded.etag, cache_control = excluded.cache_control, next_poll_at = excluded.next_poll_at,
              body = excluded.body, fetched_at = excluded.fetched_at, leader = excluded.leader`;
          await sql`select pg_notify(${`feedgate_${schema}`}, ${JSON.stringify({ resource, etag: result.etag ?? null })})`;
        }
      } catch (error) {
        if (signal.aborted) return;
        // The service's Retry-After (else a short pause) becomes the fleet's next allowed poll.
        // A wait the server asks for is honoured up to a day, as every long-running loop does: a
        // huge or malformed one must not park the resource for a month, nor overflow a timer.
        const next = new Date(Date.now() + Math.max(floorMs, serverWaitMs(error) ?? ERROR_PAUSE_MS));
        await sql`insert into resources (name, next_poll_at, leader) values (${resource}, ${next}, ${memberId})
          on conflict (name) do update set next_poll_at = excluded.next_poll_at, leader = excluded.leader`;
      }
    }
  }

  return {
    memberId,
    store,
    leading: () => [...held],
    async read(resource) {
      const [row] = await sql`select body, etag, fetched_at from resources where name = ${resource} and body is not null`;
      return row ? { body: row["body"], etag: row["etag"], fetchedAt: new Date(row["fetched_at"]) } : undefined;
    },
    async stop() {
      stopping.abort();
      await Promise.allSettled(loops);
      await store.close();
    },
  };
}

/**
 * Waits `ms`, or less when the signal fires; true when the whole wait passed. Core's sleep splits
 * a wait over 2^31 - 1 ms, which a bare timer would fire at once.
 */
function pause(ms: number, signal: AbortSignal): Promise<boolean> {
  return sleepUnless(realSleep, ms, signal);
}

/** The promise's result, or a rejection after `ms`: a dead connection may never answer. */
function within<T>(ms: number, promise: PromiseLike<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)));
  return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
}
