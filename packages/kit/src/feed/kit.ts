import { createFeedClient, type FeedClient, type HotTopicsResponse, type ItemsQuery, type DailiesQuery, type SelectedSnapshotQuery, type SelectedChangesQuery } from "@feedgate/feed-client";
import { invalidArgument } from "../errors.js";
import { realSleep, systemClock, type Clock, type Sleep } from "../internal/time.js";
import { createLog, type Logger, type LogLevel } from "../transport/logger.js";
import type { ResilientFetchOptions } from "../transport/options.js";
import { createResilientFetch, type ResilientFetch } from "../transport/resilient-fetch.js";
import { createCaller } from "./call.js";
import { paginator } from "./pagination.js";
import { createPoller, type PollOptions, type PolledVersion } from "./poll.js";
import { storyFollower } from "./stories.js";
import type { CallOptions, ConditionalCallOptions, ConditionalResult, FeedData, FeedOperationId, FeedParams, FeedResult } from "./types.js";
import { dailyWatcher } from "./watch-daily.js";
import { resetsWatcher } from "./watch-resets.js";

/** Options of `createFeedKit`. Only `baseUrl` is required. */
export interface FeedKitOptions {
  /** The feed service's origin (plus any path prefix), without `/api/v1`, e.g. `https://aihot.virxact.com`. Required. */
  baseUrl: string;
  /** The fetch under the kit's resilient transport. Default: `globalThis.fetch`. */
  fetch?: (request: Request) => Promise<Response>;
  /** Options of the resilient transport (retries, backoff, timeouts). Default: `createResilientFetch`'s defaults. */
  retry?: Omit<ResilientFetchOptions, "fetch" | "logger" | "logLevel">;
  /** Where requests, retries, waits and polls are reported. Default: none (logging off). */
  logger?: Logger;
  /** Lowest level reported. Default: `"info"`. */
  logLevel?: LogLevel;
  /** `User-Agent` sent outside browsers. Default: `feedgate-feed-client/<version>`. */
  userAgent?: string;
  /** Clock of the pollers and watchers (schedules, HTTP-date Retry-After). Default: the system clock. Tests pass a fake one. */
  clock?: Clock;
  /** How pollers and watchers wait. Default: a real, abortable timer. Tests pass one that advances a fake clock. */
  sleep?: Sleep;
  /** Source of polling jitter, in [0, 1). Default: `Math.random`. */
  random?: () => number;
}

/** Arguments of a call: parameters are optional where the operation has no required ones. */
type CallArgs<Op extends FeedOperationId, O> = Record<string, never> extends FeedParams<Op>
  ? [params?: FeedParams<Op>, options?: O]
  : [params: FeedParams<Op>, options?: O];

/**
 * The feed kit: typed calls for every feed operation (validated before sending, retried by the
 * resilient transport, failures as FeedgateError, results with response metadata), plus
 * pagination, merge-following, conditional polling and watchers.
 */
export function createFeedKit(options: FeedKitOptions) {
  if (typeof options !== "object" || options === null) throw invalidArgument("options", "required: { baseUrl }");
  const clock = options.clock ?? systemClock;
  const sleep = options.sleep ?? realSleep;
  const random = options.random ?? Math.random;
  const log = createLog({ logger: options.logger, logLevel: options.logLevel });
  const transport: ResilientFetch = createResilientFetch({
    now: () => clock.now(),
    ...options.retry,
    ...(options.fetch === undefined ? {} : { fetch: options.fetch }),
    ...(options.logger === undefined ? {} : { logger: options.logger }),
    ...(options.logLevel === undefined ? {} : { logLevel: options.logLevel }),
  });
  const client: FeedClient = createFeedClient({
    baseUrl: options.baseUrl,
    fetch: transport,
    ...(options.userAgent === undefined ? {} : { userAgent: options.userAgent }),
  });
  const caller = createCaller(client, transport, clock);
  const deps = { caller, clock, sleep, random, log };
  const poll = createPoller(deps);
  const pages = paginator(caller, log);
  const stories = storyFollower(caller, options.baseUrl, log);

  async function call<Op extends FeedOperationId>(op: Op, params: FeedParams<Op> | undefined, opts: CallOptions | undefined): Promise<FeedResult<FeedData<Op>>> {
    const result = await caller.conditional(op, params, { ...opts, ifNoneMatch: undefined });
    return { data: result.data as FeedData<Op>, meta: result.meta };
  }

  return {
    /** The typed openapi-fetch client underneath, already on the resilient transport. */
    client,
    /** The resilient transport the kit sends through. */
    transport,

    /** Any operation, optionally conditional (`ifNoneMatch`): a new version or "not modified". */
    request<Op extends FeedOperationId>(operation: Op, ...args: CallArgs<Op, ConditionalCallOptions>): Promise<ConditionalResult<FeedData<Op>>> {
      return caller.conditional(operation, args[0], args[1]);
    },

    /** `GET /api/v1/items`: one page. Use `iterateItems` for all of them. */
    items: (query?: ItemsQuery, opts?: CallOptions) => call("items", query === undefined ? undefined : { query }, opts),
    /** `GET /api/v1/codex-resets`: the full reset calendar (large; prefer `codexResetsRecent` or `watchResets`). */
    codexResets: (opts?: CallOptions) => call("codexResets", undefined, opts),
    /** `GET /api/v1/codex-resets/recent`: the last 7 days and open events. */
    codexResetsRecent: (opts?: CallOptions) => call("codexResetsRecent", undefined, opts),
    /** `GET /api/v1/hot-topics`. */
    hotTopics: (opts?: CallOptions) => call("hotTopics", undefined, opts),
    /** `GET /api/v1/dailies`: the index of daily reports. */
    dailies: (query?: DailiesQuery, opts?: CallOptions) => call("dailies", query === undefined ? undefined : { query }, opts),
    /** `GET /api/v1/dailies/latest`. */
    latestDaily: (opts?: CallOptions) => call("latestDaily", undefined, opts),
    /** `GET /api/v1/dailies/{date}`: `date` is a real `YYYY-MM-DD`. */
    dailyByDate: (date: string, opts?: CallOptions) => call("dailyByDate", { path: { date } }, opts),
    /** `GET /api/v1/selected/snapshot`: one page (the mirror pages through all). */
    selectedSnapshot: (query?: SelectedSnapshotQuery, opts?: CallOptions) => call("selectedSnapshot", query === undefined ? undefined : { query }, opts),
    /** `GET /api/v1/selected/changes`: one page of ledger changes after `cursor`. */
    selectedChanges: (query: SelectedChangesQuery, opts?: CallOptions) => call("selectedChanges", { query }, opts),

    /** A story by public id, `links.story` URL or hot topic, following merges (the one way to fetch a story). */
    getStory: stories.getStory,

    iterateItemPages: pages.iterateItemPages,
    iterateItems: pages.iterateItems,
    newItemsSince: pages.newItemsSince,

    pollUntilChanged: poll,
    /** New versions of the hot topics, polled no faster than their s-maxage (60 s). */
    watchHotTopics: (opts: PollOptions = {}): AsyncGenerator<PolledVersion<HotTopicsResponse>, void, undefined> => poll("hotTopics", undefined, opts),
    watchResets: resetsWatcher(poll),
    watchLatestDaily: dailyWatcher(deps),
  };
}

export type FeedKit = ReturnType<typeof createFeedKit>;
