import { randomUUID } from "node:crypto";
import {
  type ClientOptions,
  checkOptionNames,
  configError,
  createError,
  type FeedgateError,
  isFeedgateError,
  pause,
  realSleep,
  stripUndefined,
  systemClock,
} from "@feedgate/core";
import {
  createFeedKit,
  type FeedData,
  type FeedKitOptions,
  nextPollInMs,
  waitLoop,
} from "@feedgate/kit/feed";
import { createSelectedMirror } from "@feedgate/kit/mirror";
import { jsonCells, jsonOf } from "./cells.js";
import { connect, directUrlOf, resourcesChannel, type Sql, tables, urlOf } from "./connection.js";
import { storeError } from "./errors.js";
import { openPostgresStore, type PostgresMirrorStore } from "./store.js";

/** What a fleet can share: the selected-set mirror and the feed's light, frequently polled resources. */
export type FleetResource = "mirror" | "hotTopics" | "codexResetsRecent" | "latestDaily";
/** The resources a fleet polls and stores whole, readable with `member.read`. */
export type PolledResource = "hotTopics" | "codexResetsRecent" | "latestDaily";
const POLLED: readonly PolledResource[] = ["hotTopics", "codexResetsRecent", "latestDaily"];
type Polled = PolledResource;

/** The last version of a polled resource a leader stored. */
export interface StoredVersion<Body> {
  /** The stored answer body, typed as the feed operation's answer (`HotTopicsResponse` for `hotTopics`, ...). */
  body: Body;
  /** Its ETag, or null when the answer had none. */
  etag: string | null;
  /** When the leader fetched it. */
  fetchedAt: Date;
}

/**
 * Options of `createFleet`; every one has a default. The feed's transport options (`fetch`,
 * `maxRetries`, `timeoutMs`, `logger`) are core's `ClientOptions`, as `createFeedKit` takes them
 * (over the same options in `kit`); the feed's address is `feedUrl`: `url` is PostgreSQL's.
 */
export interface FleetOptions
  extends Pick<ClientOptions, "fetch" | "maxRetries" | "timeoutMs" | "logger" | "signal"> {
  /**
   * PostgreSQL URL. Default: the `FEEDGATE_STORE` environment variable; neither is a
   * ConfigError. Its password never appears in a log or an error. It may go through PgBouncer
   * in transaction mode: the fleet's locks live in transactions, not sessions.
   */
  url?: string | undefined;
  /**
   * A URL that reaches PostgreSQL directly (not through a pooler), for the lock connections
   * (one per resource, each holding a transaction open while it leads) so that they do not
   * pin a pooler's server connections. Default: the `FEEDGATE_STORE_DIRECT` environment
   * variable, else `url`.
   */
  directUrl?: string | undefined;
  /** The feed service's origin. Default: `FEEDGATE_FEED_URL` where set, else `https://aihot.virxact.com` (as the feed kit resolves it). */
  feedUrl?: string | undefined;
  /** Schema of the shared tables. Default: `"feedgate"`. */
  schema?: string | undefined;
  /** What this member may lead. Default: all four. */
  resources?: readonly FleetResource[] | undefined;
  /**
   * How often a member without a resource tries to take it, and a leader checks its lock's
   * connection. A leader that dies is replaced within this (plus the time PostgreSQL takes to
   * notice a vanished connection, immediate when the process died). After failures in a row,
   * a member waits twice as long per failure, up to 32 times this (at most a minute), before
   * trying again. Default: 2000 ms.
   */
  checkMs?: number | undefined;
  /** No two polls of a resource closer than this, fleet-wide, whatever the service says. Default: 1000 ms (at least 1000). */
  floorMs?: number | undefined;
  /** Called when this member takes or loses a resource. Default: none. */
  onLeadership?: ((resource: FleetResource, leading: boolean) => void) | undefined;
  /**
   * Called on every failure of a resource's loop while this member leads it (or tries to):
   * a poll that failed after its retries, a mirror sync the store or the service refused, a
   * lost lock connection. `failures` counts them in a row (reset by a success); the loop goes
   * on, waiting longer after each. The error is of the FeedgateError family, without the
   * URL's password. Default: none (`status()` still tells).
   */
  onError?: ((resource: FleetResource, error: FeedgateError, failures: number) => void) | undefined;
  /** Stops the member when it fires, as `stop()` does (every loop ended, every lock released, the store closed). Default: none (only `stop()`). */
  signal?: AbortSignal | undefined;
  /** The feed kit's other options (backoff, user agent, ...). Default: the kit's. */
  kit?: Omit<FeedKitOptions, "baseUrl"> | undefined;
  /** This member's name in the `resources` table. Default: a random id. */
  memberId?: string | undefined;
}

/** Every option of `createFleet`: an unknown name is refused at run time, naming the one meant. */
const OPTION_NAMES = {
  url: true,
  directUrl: true,
  feedUrl: true,
  schema: true,
  resources: true,
  checkMs: true,
  floorMs: true,
  onLeadership: true,
  onError: true,
  maxRetries: true,
  timeoutMs: true,
  fetch: true,
  logger: true,
  signal: true,
  kit: true,
  memberId: true,
} as const satisfies Record<keyof FleetOptions, true>;

/** How one resource fares on this member. */
export interface FleetResourceStatus {
  /** The resource. */
  resource: FleetResource;
  /** True while this member leads it. */
  leading: boolean;
  /** Failures in a row (0 after a success). */
  failures: number;
  /** The last failure, and when it happened; undefined before the first. */
  lastError:
    | {
        /** What went wrong (of the FeedgateError family, without the URL's password). */
        error: FeedgateError;
        /** When. */
        at: Date;
      }
    | undefined;
}

/** One process of a fleet: leads some resources, reads every one. */
export interface FleetMember {
  /** This member's id (the `memberId` option, else a generated one). */
  readonly memberId: string;
  /** The shared copy of the selected set (any member reads it; only the leader writes). */
  readonly store: PostgresMirrorStore;
  /** Resources this member leads now. */
  leading(): FleetResource[];
  /** Each resource this member may lead: whether it leads it, and its failures in a row and last error. */
  status(): FleetResourceStatus[];
  /** The last version of a polled resource any leader stored (with its ETag), or undefined. */
  read<R extends PolledResource>(resource: R): Promise<StoredVersion<FeedData<R>> | undefined>;
  /** Stops every loop and releases every lock. */
  stop(): Promise<void>;
}

const lockKey = (schema: string, resource: FleetResource) => `feedgate:${schema}:${resource}`;
/** After a poll failed (retries included) without a Retry-After: the fleet's pause before the next. */
const ERROR_PAUSE_MS = 5000;
/** The longest pause after failures in a row, before trying to lead again. */
const MAX_BACKOFF_MS = 60_000;

/** How one attempt to lead ended. */
interface Attempt {
  /** The lock was taken. */
  led: boolean;
  /** The lock's session ended in order (else its client is replaced: it may be dead or still in a transaction). */
  clean: boolean;
  /** What went wrong, if anything. */
  error?: unknown;
}

/**
 * Joins a fleet: for each resource, this member tries to take its advisory lock. The lock is
 * transaction-scoped, taken in a transaction the leader keeps open on a connection of its own
 * and checks every `checkMs`: it lives exactly as long as that transaction, so it holds
 * through PgBouncer in transaction mode (which pins a server connection for a transaction),
 * and dies with the connection, so a killed leader is replaced within `checkMs`. The member
 * that holds it runs the resource's loop (the mirror's `follow`, or a conditional poller);
 * every other one tries again every `checkMs`. Pollers keep each resource's ETag and next
 * allowed poll in the `resources` table: a new leader revalidates (If-None-Match) and never
 * polls sooner than the service's s-maxage allowed the previous one.
 */
export async function createFleet(options: FleetOptions = {}): Promise<FleetMember> {
  checkOptionNames(options, OPTION_NAMES, "createFleet");
  const url = urlOf(options.url);
  const lockUrl = directUrlOf(options.directUrl) ?? url;
  const checkMs = options.checkMs ?? 2000;
  const floorMs = options.floorMs ?? 1000;
  if (!(floorMs >= 1000)) throw configError("floorMs", "at least 1000 ms");
  if (!(checkMs >= 100)) throw configError("checkMs", "at least 100 ms");
  // How long a statement of the lock's session may take before its connection counts as dead: a
  // dead connection usually fails at once; this bounds a hung one. Never under 5 s, so that a busy
  // machine (or a slow server) is not taken for a lost lock (one leader after another).
  const answerMs = Math.max(checkMs * 2, 5000);
  const schema = options.schema ?? "feedgate";
  const memberId = options.memberId ?? randomUUID();
  const resources = options.resources ?? (["mirror", ...POLLED] as FleetResource[]);
  const store = await openPostgresStore({
    url,
    schema,
    maxConnections: 4,
    ...(options.directUrl === undefined ? {} : { directUrl: options.directUrl }),
  });
  const sql = store.sql;
  const t = tables(sql, schema);
  const { maxRetries, timeoutMs, fetch, logger } = options;
  const kit = createFeedKit({
    ...options.kit,
    ...stripUndefined({ baseUrl: options.feedUrl, maxRetries, timeoutMs, fetch, logger }),
  });
  // The pollers' waits and clock are the kit's (`kit.sleep`, `kit.clock`): a test passes fake ones.
  const { sleep = realSleep, clock = systemClock, random } = options.kit ?? {};
  const now = () => clock.now();
  const stopping = new AbortController();
  const held = new Set<FleetResource>();
  const health = new Map<
    FleetResource,
    { failures: number; lastError: FleetResourceStatus["lastError"] }
  >(resources.map((r) => [r, { failures: 0, lastError: undefined }]));
  const loops = resources.map((resource) => lead(resource));
  let stopped: Promise<void> | undefined;
  /** Ends every loop, releases every lock and closes the store, once (by `stop()` or the `signal`). */
  const stop = (): Promise<void> =>
    (stopped ??= (async () => {
      stopping.abort();
      await Promise.allSettled(loops);
      await store.close();
    })());
  if (options.signal?.aborted) void stop();
  else options.signal?.addEventListener("abort", () => void stop(), { once: true });

  /** Counts a failure and tells `onError` (whose own failure must not stop the loop). */
  function failed(resource: FleetResource, cause: unknown): number {
    const error = isFeedgateError(cause) ? cause : storeError(`leading ${resource}`, cause, url);
    const entry = health.get(resource)!;
    entry.failures++;
    entry.lastError = { error, at: new Date() };
    try {
      options.onError?.(resource, error, entry.failures);
    } catch {}
    return entry.failures;
  }
  const succeeded = (resource: FleetResource) => void (health.get(resource)!.failures = 0);

  async function lead(resource: FleetResource): Promise<void> {
    // Its own one-connection client: the lock is that connection's transaction's.
    let lockSql = connect(lockUrl, { max: 1 });
    // Every `checkMs`; after failures in a row (counted with those `onError` hears), twice as long
    // per failure up to 32 times that (at most a minute). The lock's waits are real time.
    const rounds = waitLoop(
      {
        signal: stopping.signal,
        sleep: realSleep,
        floorMs: checkMs,
        retryAfter: "longer",
        failureWaitMs: (error) =>
          Math.min(MAX_BACKOFF_MS, checkMs * 2 ** Math.min(failed(resource, error) - 1, 5)),
      },
      async () => {
        const attempt = await leadOnce(resource, lockSql).catch(
          (error: unknown): Attempt => ({ led: false, clean: false, error }),
        );
        if (held.delete(resource)) options.onLeadership?.(resource, false);
        if (!attempt.clean) {
          // Ending the client ends its session, and with it any transaction and lock it held.
          await lockSql.end({ timeout: 0 }).catch(() => {});
          lockSql = connect(lockUrl, { max: 1 });
        }
        if (attempt.error !== undefined) throw attempt.error;
        if (attempt.led && !stopping.signal.aborted) succeeded(resource);
        return { waitMs: checkMs };
      },
    );
    try {
      for await (const _ of rounds);
    } finally {
      await lockSql.end({ timeout: 5 }).catch(() => {});
    }
  }

  /**
   * Tries the lock once; when taken, runs the resource's loop while the lock's transaction
   * lives. The transaction is driven by hand on a reserved connection, never rolled back after
   * an error: a connection that failed is ended whole (the driver would write a ROLLBACK to
   * a socket that is closing).
   */
  async function leadOnce(resource: FleetResource, lockSql: Sql): Promise<Attempt> {
    const session = await within(answerMs, lockSql.reserve());
    // No statement on a connection that closed: the driver would write to its dead socket.
    let open = true;
    (lockSql.options as { onclose?: (id: number) => void }).onclose = () => void (open = false);
    const reserved = (strings: TemplateStringsArray, ...values: unknown[]) => {
      if (!open) return Promise.reject(new Error("the lock's connection closed"));
      return session(strings, ...(values as never[]));
    };
    await within(answerMs, reserved`begin`);
    const [row] = await within(
      answerMs,
      reserved`select pg_try_advisory_xact_lock(hashtext(${lockKey(schema, resource)})) as ok`,
    );
    if (!row?.["ok"]) {
      await within(answerMs, reserved`rollback`);
      session.release();
      return { led: false, clean: true };
    }
    held.add(resource);
    options.onLeadership?.(resource, true);
    const done = new AbortController();
    const lost = new AbortController();
    // The lock lives as long as this transaction: keep it open, and check its connection.
    const heartbeat = (async () => {
      while (await pause(realSleep, checkMs, done.signal)) {
        try {
          await within(answerMs, reserved`select 1`);
        } catch (error) {
          lost.abort(error);
          return;
        }
      }
    })();
    const signal = AbortSignal.any([stopping.signal, lost.signal]);
    let error: unknown;
    try {
      if (resource === "mirror") {
        // follow() rides out transient failures itself: each one still reaches onError.
        const onProgress = ({
          phase,
          failure,
        }: {
          phase: string;
          failure?: { kind: FeedgateError["kind"]; status?: number | undefined };
        }) => {
          if (!failure && phase === "idle") succeeded(resource);
          if (failure)
            failed(
              resource,
              createError({
                kind: failure.kind,
                status: failure.status,
                code: "sync_failed",
                message: `the mirror's sync failed (${failure.kind}${failure.status ? ` ${failure.status}` : ""}); following goes on`,
              }),
            );
        };
        const mirror = createSelectedMirror({
          client: kit.client,
          store,
          signal,
          onProgress,
          sleep,
          clock,
          random,
        });
        await mirror.follow({ signal });
      } else {
        await poll(resource, signal);
      }
    } catch (cause) {
      if (!signal.aborted) error = cause;
    }
    done.abort();
    await heartbeat;
    if (lost.signal.aborted) {
      // A lock lost while this member was not stopping (its connection cut, the server restarted) is a failure too.
      return {
        led: true,
        clean: false,
        error:
          error ??
          (stopping.signal.aborted
            ? undefined
            : new Error(
                `lost the lock of ${resource} with its connection: ${String((lost.signal.reason as Error)?.message ?? lost.signal.reason)}`,
              )),
      };
    }
    await within(answerMs, reserved`rollback`);
    session.release();
    return { led: true, clean: true, ...(error === undefined ? {} : { error }) };
  }

  /**
   * A conditional poller whose ETag and next allowed poll are the fleet's, not the member's,
   * at the resource's cadence (`FEED_CADENCE`): a longer s-maxage slows it, never a shorter one.
   */
  async function poll(resource: Polled, signal: AbortSignal): Promise<void> {
    const rounds = waitLoop(
      {
        signal,
        sleep,
        floorMs,
        // The service's Retry-After (else a short pause; a day at most, as core's serverWaitMs
        // reads it) becomes the fleet's next allowed poll. The store's failures end leading.
        retryAfter: "instead",
        failureWaitMs(error) {
          if (!isFeedgateError(error)) throw error;
          failed(resource, error);
          return ERROR_PAUSE_MS;
        },
        async onFailureWait(_, waitMs) {
          await sql`insert into ${t.resources} (name, next_poll_at, leader) values (${resource}, ${new Date(now() + waitMs)}, ${memberId})
            on conflict (name) do update set next_poll_at = excluded.next_poll_at, leader = excluded.leader`;
        },
      },
      async () => {
        const [row] =
          await sql`select etag, next_poll_at from ${t.resources} where name = ${resource}`;
        const wait = row?.["next_poll_at"] ? new Date(row["next_poll_at"]).getTime() - now() : 0;
        if (wait > 0) return { waitMs: wait };
        // The transport retries a failed attempt itself (idempotent GET, Retry-After honoured).
        const result = await kit.request(resource, undefined, {
          signal,
          ifNoneMatch: row?.["etag"] ?? undefined,
        });
        const cadence = nextPollInMs(resource, now(), result.meta.cacheControl);
        const next = new Date(now() + Math.max(floorMs, cadence));
        if (result.notModified) {
          await sql`update ${t.resources} set next_poll_at = ${next}, leader = ${memberId} where name = ${resource}`;
        } else {
          // What jsonb cannot hold (U+0000, a lone surrogate) is kept exactly in body_text.
          const body = jsonCells(result.data);
          await sql`insert into ${t.resources} (name, etag, cache_control, next_poll_at, body, body_text, fetched_at, leader)
            values (${resource}, ${result.etag ?? null}, ${result.meta.cacheControl ?? null}, ${next}, ${sql.json(body.json as never)}, ${body.text}, now(), ${memberId})
            on conflict (name) do update set etag = excluded.etag, cache_control = excluded.cache_control, next_poll_at = excluded.next_poll_at,
              body = excluded.body, body_text = excluded.body_text, fetched_at = excluded.fetched_at, leader = excluded.leader`;
          // Its own channel, and only the resource's name: a reader re-reads the row.
          await sql`select pg_notify(${resourcesChannel(schema)}, ${JSON.stringify({ resource })})`;
        }
        succeeded(resource);
        return { waitMs: next.getTime() - now() };
      },
    );
    for await (const _ of rounds);
  }

  return {
    memberId,
    store,
    leading: () => [...held],
    status: () =>
      resources.map((resource) => ({
        resource,
        leading: held.has(resource),
        ...health.get(resource)!,
      })),
    async read<R extends PolledResource>(
      resource: R,
    ): Promise<StoredVersion<FeedData<R>> | undefined> {
      const [row] =
        await sql`select body, body_text, etag, fetched_at from ${t.resources} where name = ${resource} and body is not null`;
      // The body is the answer a leader received for this operation, stored as it came.
      return row
        ? {
            body: jsonOf(row["body"], row["body_text"]) as FeedData<R>,
            etag: row["etag"],
            fetchedAt: new Date(row["fetched_at"]),
          }
        : undefined;
    },
    stop,
  };
}

/** The promise's result, or a rejection after `ms`: a dead connection may never answer. */
function within<T>(ms: number, promise: PromiseLike<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms)),
  );
  return Promise.race([Promise.resolve(promise), timeout]).finally(() => clearTimeout(timer));
}
