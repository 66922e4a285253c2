import {
  type ClientOptions,
  type Clock,
  checkOptionNames,
  createLog,
  createResilientFetch,
  type Logger,
  type LogLevel,
  type ResilientFetch,
  type ResilientFetchOptions,
  realSleep,
  type Sleep,
  stripUndefined,
  systemClock,
} from "@feedgate/core";
import {
  type CodexResetsResponse,
  createFeedClient,
  type DailiesQuery,
  type DailiesResponse,
  type DailyResponse,
  type FeedClient,
  type FeedClientOptions,
  type HotTopicsResponse,
  type Item,
  type ItemsQuery,
  type ItemsResponse,
  type SelectedChanges,
  type SelectedChangesQuery,
  type SelectedSnapshot,
  type SelectedSnapshotQuery,
} from "@feedgate/feed-client";
import type { OperationRule } from "@feedgate/feed-client/rules";
import { FEED_OPERATIONS, type FeedOperation } from "../internal/validate/operations.js";
import { createCaller } from "./call.js";
import { type ItemsPage, type PaginateOptions, paginator } from "./pagination.js";
import { createPoller, type PolledVersion, type PollOptions } from "./poll.js";
import { type GetStory, type StoryRef, storyFollower } from "./stories.js";
import type {
  CallOptions,
  ConditionalCallOptions,
  ConditionalResult,
  FeedData,
  FeedOperationId,
  FeedParams,
  FeedResult,
} from "./types.js";
import {
  type DailiesUpdate,
  type DailyUpdate,
  scheduledWatcher,
  type WatchDailiesOptions,
  type WatchDailyOptions,
} from "./watch-daily.js";
import { type ResetsUpdate, resetsWatcher, type WatchResetsOptions } from "./watch-resets.js";
import { type StoryVersion, storyWatcher, type WatchStoryOptions } from "./watch-story.js";

/**
 * Options of `createFeedKit`. Every one has a default: `createFeedKit()` is a sound
 * configuration. The shared ones (`baseUrl`, `fetch`, `maxRetries`, `timeoutMs`, `logger`,
 * `logLevel`, `signal`) are core's `ClientOptions`, as every client takes them.
 */
export interface FeedKitOptions extends ClientOptions {
  /**
   * The feed service's origin (plus any path prefix), without `/api/v1`. Default: the
   * `FEEDGATE_FEED_URL` environment variable where a process environment exists, else the public
   * service, `https://aihot.virxact.com` (resolved by the feed client).
   */
  baseUrl?: string | undefined;
  /** The fetch under the kit's resilient transport. Default: `globalThis.fetch`. */
  fetch?: ((request: Request) => Promise<Response>) | undefined;
  /**
   * Retries after the first attempt, by the transport's rule (idempotent reads on 408, 429, 5xx
   * and connection failures; `Retry-After` honoured up to 60 s). `0` turns retries off. Same
   * option as `createFeedClient`'s. Default: 2.
   */
  maxRetries?: number | undefined;
  /** Per-attempt timeout, from sending until the whole body has arrived. Same option as `createFeedClient`'s. Default: 60000 ms. */
  timeoutMs?: number | undefined;
  /** The resilient transport's other options (backoff, deadline, body cap, ...), as `createFeedClient`'s `transport`. Default: `createResilientFetch`'s defaults. */
  transport?: KitTransportOptions | undefined;
  /**
   * Options of the resilient transport (retries, backoff, timeouts). Default: `createResilientFetch`'s defaults.
   * @deprecated Use the top-level `maxRetries` and `timeoutMs`, and `transport` for the rest
   * (`retry: { maxRetries: 0 }` becomes `maxRetries: 0`). Where both are given, the top-level
   * options and `transport` win. Removed in a coming major.
   */
  retry?: Omit<ResilientFetchOptions, "fetch" | "logger" | "logLevel"> | undefined;
  /** Where requests, retries, waits and polls are reported. Default: none (logging off). */
  logger?: Logger | undefined;
  /** Lowest level reported. Default: `"info"`. */
  logLevel?: LogLevel | undefined;
  /** Cancels every call of the kit when it fires (each rejects with an `AbortError`); pollers and watchers then end. Default: none. */
  signal?: AbortSignal | undefined;
  /** `User-Agent` sent outside browsers. Default: `feedgate-feed-client/<version>`. */
  userAgent?: string | undefined;
  /** Clock of the pollers and watchers (schedules, HTTP-date Retry-After). Default: the system clock. Tests pass a fake one. */
  clock?: Clock | undefined;
  /** How pollers and watchers wait. Default: a real, abortable timer. Tests pass one that advances a fake clock. */
  sleep?: Sleep | undefined;
  /** Source of polling jitter, in [0, 1). Default: `Math.random`. */
  random?: (() => number) | undefined;
}

/** The resilient transport's options that `createFeedKit` takes under `transport`: all but those it has at the top level. */
export type KitTransportOptions = Omit<
  ResilientFetchOptions,
  "fetch" | "maxRetries" | "timeoutMs" | "logger" | "logLevel"
>;

/** Every option of `createFeedKit`: an unknown name is refused at run time, naming the one meant. */
const OPTION_NAMES = {
  baseUrl: true,
  fetch: true,
  maxRetries: true,
  timeoutMs: true,
  transport: true,
  retry: true,
  logger: true,
  logLevel: true,
  signal: true,
  userAgent: true,
  clock: true,
  sleep: true,
  random: true,
} as const satisfies Record<keyof FeedKitOptions, true>;

/** Options of a typed call that is not conditional. */
export type UnconditionalCallOptions = CallOptions & {
  /** Absent: the call is unconditional. */
  ifNoneMatch?: undefined;
};

/** A typed call without parameters: unconditional it gives the answer; with `ifNoneMatch`, a new version or "not modified" (304). */
export interface FeedCall<T> {
  /** The answer. */
  (options?: UnconditionalCallOptions): Promise<FeedResult<T>>;
  /** A new version since `ifNoneMatch`, or "not modified". */
  (options: ConditionalCallOptions): Promise<ConditionalResult<T>>;
}

/** A typed call whose first argument is its query (optional); conditional with `ifNoneMatch`, like {@link FeedCall}. */
export interface FeedCallWith<A, T> {
  /** The answer. */
  (first?: A, options?: UnconditionalCallOptions): Promise<FeedResult<T>>;
  /** A new version since `ifNoneMatch`, or "not modified". */
  (first: A, options: ConditionalCallOptions): Promise<ConditionalResult<T>>;
}

/** A typed call whose first argument is required (its one path parameter, or a query with a required member); conditional with `ifNoneMatch`, like {@link FeedCall}. */
export interface FeedCallRequiring<A, T> {
  /** The answer. */
  (first: A, options?: UnconditionalCallOptions): Promise<FeedResult<T>>;
  /** A new version since `ifNoneMatch`, or "not modified". */
  (first: A, options: ConditionalCallOptions): Promise<ConditionalResult<T>>;
}

/**
 * One typed method per feed operation (each named after its operation id), throwing
 * FeedgateError. Each takes `ifNoneMatch` (an ETag received earlier): the answer is then a
 * {@link ConditionalResult}, "not modified" when nothing changed.
 */
export interface FeedCalls {
  /** `GET /api/v1/items`: one page. `iterateItems` walks all of them. */
  items: FeedCallWith<ItemsQuery | undefined, ItemsResponse>;
  /** `GET /api/v1/codex-resets`: the full reset calendar (large; prefer `codexResetsRecent` or `watchResets`). */
  codexResets: FeedCall<CodexResetsResponse>;
  /** `GET /api/v1/codex-resets/recent`: the last 7 days and open events. */
  codexResetsRecent: FeedCall<CodexResetsResponse>;
  /** `GET /api/v1/hot-topics`. */
  hotTopics: FeedCall<HotTopicsResponse>;
  /** `GET /api/v1/dailies`: the index of daily reports. */
  dailies: FeedCallWith<DailiesQuery | undefined, DailiesResponse>;
  /** `GET /api/v1/dailies/latest`. */
  latestDaily: FeedCall<DailyResponse>;
  /** `GET /api/v1/dailies/{date}`: `date` is a real `YYYY-MM-DD`. */
  dailyByDate: FeedCallRequiring<string, DailyResponse>;
  /** `GET /api/v1/selected/snapshot`: one page (the mirror pages through all). */
  selectedSnapshot: FeedCallWith<SelectedSnapshotQuery | undefined, SelectedSnapshot>;
  /** `GET /api/v1/selected/changes`: one page of ledger changes after `cursor`. */
  selectedChanges: FeedCallRequiring<SelectedChangesQuery, SelectedChanges>;
}

/**
 * How each typed call sends its first argument, from the operation's parameters in the feed
 * document: `path` its only path parameter (`dailyByDate(date)`), `query` the query, none
 * (options come first). Every operation has one, but `storyByPublicId`: `getStory`, which
 * follows merges, is the one way to fetch a story.
 */
const CALLS = Object.entries(FEED_OPERATIONS as Record<string, OperationRule>)
  .filter(([op]) => op !== "storyByPublicId")
  .map(([op, { params }]) => {
    const rules = Object.entries(params);
    return {
      op,
      path: rules.find(([, rule]) => rule.in === "path")?.[0],
      query: rules.some(([, rule]) => rule.in === "query"),
    };
  });

/**
 * Every operation of the document is typed and has a call: a new operation fails to compile
 * until its types and signature follow. One the document dropped keeps compiling (a release can
 * go out before the kit retires it); calling it fails before sending, as the calls are built
 * from the document's table.
 */
type Covers<A, B> = [B] extends [A] ? true : false;
type Holds<T extends true> = T;
type _TypedOperationsCoverTheDocument = [
  Holds<Covers<FeedOperationId, FeedOperation>>,
  Holds<Covers<keyof FeedCalls | "storyByPublicId", FeedOperation>>,
];

/** Arguments of a call: parameters are optional where the operation has no required ones. */
type CallArgs<Op extends FeedOperationId, O> =
  Record<string, never> extends FeedParams<Op>
    ? [params?: FeedParams<Op>, options?: O]
    : [params: FeedParams<Op>, options?: O];

/**
 * The feed kit that `createFeedKit` returns: typed calls for every feed operation
 * ({@link FeedCalls}), plus pagination, merge-following, conditional polling and watchers.
 */
export interface FeedKit extends FeedCalls {
  /** The typed openapi-fetch client underneath, already on the resilient transport. */
  readonly client: FeedClient;
  /** The resilient transport the kit sends through. */
  readonly transport: ResilientFetch;
  /**
   * Any operation by its id, optionally conditional: with `ifNoneMatch` (an ETag from an earlier
   * answer), resolves with `{ notModified: true }` on a 304 instead of a new version. Validated
   * before sending; failures reject with a FeedgateError.
   */
  request<Op extends FeedOperationId>(
    operation: Op,
    ...args: CallArgs<Op, ConditionalCallOptions>
  ): Promise<ConditionalResult<FeedData<Op>>>;
  /**
   * A story by public id, story link, hot topic, storyline or related entry, or a story,
   * following merges (the one way to fetch a story): resolves with the story and the chain of ids
   * it passed; with `ifNoneMatch`, "not modified" when unchanged. Options and defaults:
   * {@link GetStoryOptions}.
   */
  getStory: GetStory;
  /**
   * Revalidates one story conditionally (If-None-Match on every request), following its merges:
   * when the story is merged, the watch moves to the survivor. Yields each new version. Options and
   * defaults: {@link WatchStoryOptions}.
   */
  watchStory(
    ref: StoryRef,
    options?: WatchStoryOptions,
  ): AsyncGenerator<StoryVersion, void, undefined>;
  /**
   * Every page of an items query, newest first: follows `nextCursor` until `hasMore` is false,
   * fetching only when asked for the next page (so `break` stops fetching). Each item id comes
   * out once per iteration, even across a restart from the first page after `invalid_cursor`.
   * A repeated cursor, or three pages in a row with nothing new, ends the walk with
   * `limit_exceeded` (code `cursor_loop`). Options: {@link PaginateOptions} (`maxPages` default
   * 1000, `maxRestarts` default 3, plus the call options).
   */
  iterateItemPages(
    query?: ItemsQuery,
    options?: PaginateOptions,
  ): AsyncGenerator<ItemsPage, void, undefined>;
  /**
   * Every item of an items query, newest first, each id once: the items of
   * {@link FeedKit.iterateItemPages}, one by one, with its guarantees and options
   * ({@link PaginateOptions}: `maxPages` default 1000, `maxRestarts` default 3).
   */
  iterateItems(
    query?: ItemsQuery,
    options?: PaginateOptions,
  ): AsyncGenerator<Item, void, undefined>;
  /**
   * The items newer than what the caller already has, newest first: pages back only until it
   * meets one of the `known` ids (a list, or the one id last seen), as the service asks clients
   * to do. With no known id met, every item of the query (bounded by `maxPages`, default 1000).
   */
  newItemsSince(
    known: Iterable<string> | string,
    query?: ItemsQuery,
    options?: PaginateOptions,
  ): Promise<Item[]>;
  /**
   * Polls one operation with conditional requests and yields each new version: no faster than
   * the answer's cache lifetime, backing off on errors. Options and defaults: {@link PollOptions}.
   */
  pollUntilChanged<Op extends FeedOperationId>(
    operation: Op,
    params?: FeedParams<Op>,
    options?: PollOptions,
  ): AsyncGenerator<PolledVersion<FeedData<Op>>, void, undefined>;
  /** New versions of the hot topics, every 60 s at most (`FEED_CADENCE`). Options and defaults: {@link PollOptions}. */
  watchHotTopics(
    options?: PollOptions,
  ): AsyncGenerator<PolledVersion<HotTopicsResponse>, void, undefined>;
  /** Watches the Codex reset calendar (its `/recent` form, every 5 minutes by default) and yields what changed. Options and defaults: {@link WatchResetsOptions}. */
  watchResets(options?: WatchResetsOptions): AsyncGenerator<ResetsUpdate, void, undefined>;
  /** Watches the latest daily report at its check times (Asia/Shanghai) and yields each new version. Options and defaults: {@link WatchDailyOptions}. */
  watchLatestDaily(options?: WatchDailyOptions): AsyncGenerator<DailyUpdate, void, undefined>;
  /** Watches the daily archive (`/dailies`) a few times a day (default 08:15 and 20:00 Asia/Shanghai) and yields each new index. Options and defaults: {@link WatchDailiesOptions}. */
  watchDailies(options?: WatchDailiesOptions): AsyncGenerator<DailiesUpdate, void, undefined>;
}

/**
 * The feed kit: typed calls for every feed operation (validated before sending, retried by the
 * resilient transport, failures as FeedgateError, results with response metadata), plus
 * pagination, merge-following, conditional polling and watchers. Every option has a default
 * ({@link FeedKitOptions}): `createFeedKit()` reads `FEEDGATE_FEED_URL`, else uses the public service.
 */
export function createFeedKit(options?: FeedKitOptions & { retry?: undefined }): FeedKit;
/**
 * The feed kit, configured through the deprecated `retry` option: editors strike the call
 * through, since TypeScript marks no option inside an object literal.
 * @deprecated Use the top-level `maxRetries` and `timeoutMs`, and `transport` for the rest
 * (`retry: { maxRetries: 0 }` becomes `maxRetries: 0`). Removed in a coming major.
 */
export function createFeedKit(options: FeedKitOptions): FeedKit;
export function createFeedKit(options: FeedKitOptions = {}): FeedKit {
  checkOptionNames(options, OPTION_NAMES, "createFeedKit");
  const {
    baseUrl,
    logger,
    logLevel,
    userAgent,
    clock = systemClock,
    sleep = realSleep,
    random = Math.random,
  } = options;
  const log = createLog({ logger, logLevel });
  // The deprecated `retry` first, so that the top-level options and `transport` win over it.
  const { maxRetries, timeoutMs } = options;
  const transport: ResilientFetch = createResilientFetch(
    stripUndefined({
      now: () => clock.now(),
      ...options.retry,
      ...options.transport,
      ...stripUndefined({ maxRetries, timeoutMs }),
      fetch: options.fetch,
      logger,
      logLevel,
    }),
  );
  const client: FeedClient = createFeedClient(
    stripUndefined({
      baseUrl,
      fetch: transport,
      userAgent,
      signal: options.signal,
    }) as FeedClientOptions,
  );
  const caller = createCaller(client, clock, log);
  const deps = { caller, clock, sleep, random, log };
  const getStory = storyFollower(caller, client.baseUrl, log);
  // A polled story follows its merges: revalidated through getStory, answered as the operation's body.
  const poll = createPoller(deps, async (publicId, call) => {
    const { notModified, story, etag, meta } = await getStory(publicId, call);
    return { notModified, data: story && { schemaVersion: 1, story }, etag, meta };
  });

  const calls = {} as Record<
    string,
    (
      first?: unknown,
      options?: ConditionalCallOptions,
    ) => Promise<FeedResult<unknown> | ConditionalResult<unknown>>
  >;
  for (const { op, path, query } of CALLS) {
    const takes = path !== undefined || query;
    calls[op] = async (first, options) => {
      let params: { path: Record<string, unknown> } | { query: unknown } | undefined;
      if (path !== undefined) params = { path: { [path]: first } };
      else if (query && first !== undefined) params = { query: first };
      const given = ((takes ? options : first) ?? {}) as ConditionalCallOptions;
      const result = await caller.conditional(op as FeedOperationId, params as never, given);
      // UnconditionalCallOptions: the answer as it always was; with `ifNoneMatch`: new version or "not modified".
      return given.ifNoneMatch === undefined ? { data: result.data, meta: result.meta } : result;
    };
  }

  // Each member is documented on the FeedKit interface.
  return {
    client,
    transport,
    request<Op extends FeedOperationId>(
      operation: Op,
      ...args: CallArgs<Op, ConditionalCallOptions>
    ): Promise<ConditionalResult<FeedData<Op>>> {
      return caller.conditional(operation, args[0], args[1]);
    },
    ...(calls as unknown as FeedCalls),
    getStory,
    watchStory: storyWatcher(deps, getStory),
    ...paginator(caller, log),
    pollUntilChanged: poll,
    watchHotTopics: (opts: PollOptions = {}) => poll("hotTopics", undefined, opts),
    watchResets: resetsWatcher(poll, () => clock.now()),
    watchLatestDaily: scheduledWatcher(deps, "latestDaily"),
    watchDailies: scheduledWatcher(deps, "dailies"),
  };
}
