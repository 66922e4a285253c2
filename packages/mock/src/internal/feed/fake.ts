import { createFakeClock, type FakeClock } from "../core/clock.js";
import { FaultInjector } from "../core/faults.js";
import { createPrng, prngUuid } from "../core/prng.js";
import type { Reply } from "../core/reply.js";
import { type RequestContext, startFakeServer } from "../core/server.js";
import type { FaultControls, RecordedRequest } from "../core/types.js";
import type { RecordedAnswers, Replay } from "../replay/load.js";
import { handleCodexResets } from "./handlers/codex-resets.js";
import { handleDailies, handleDailyByDate, handleLatestDaily } from "./handlers/dailies.js";
import { handleHotTopics } from "./handlers/hot-topics.js";
import { handleItems } from "./handlers/items.js";
import { handleChanges, handleSnapshot } from "./handlers/selected.js";
import { handleStory } from "./handlers/stories.js";
import { strictQuery } from "./query.js";
import { API_PREFIX, DOCUMENT_OPERATIONS, FEED_ROUTES, feedRoute } from "./routes.js";
import { seedFeed } from "./seed.js";
import { type FeedRequest, FeedState } from "./state.js";
import type {
  DailyReport,
  FakeItem,
  HotTopic,
  ResetCalendarExtras,
  ResetEvent,
  SelectedItem,
  Story,
} from "./types.js";
import { CORS_HEADERS, cachePolicy, type FeedRoute, ProblemError, problem } from "./wire.js";

/** The public category keys the service accepts (the feed document lists them for `category`). */
export const FEED_CATEGORIES = DOCUMENT_OPERATIONS.items.params.category.examples;

/** Options of `startFeedFake`; every one has a default. */
export interface FeedFakeOptions {
  /** Port on 127.0.0.1. Default: 0, a free port (read the actual one from `url`). */
  port?: number | undefined;
  /** Service time. Default: a new {@link createFakeClock} (2026-11-20T00:00:00Z). */
  clock?: FakeClock | undefined;
  /** Seed of the PRNG behind fault probabilities, request ids and the seeded data. Default 1. */
  seed?: number | undefined;
  /** `"seeded"`: a small deterministic data set (see the README); `"empty"`: nothing. Default `"seeded"`. */
  data?: "seeded" | "empty" | undefined;
  /** Origin used in generated links (`links.aihot`, `links.story`, …). Default `"https://feed.example"`. */
  siteUrl?: string | undefined;
  /** Site name used in generated attributions. Default `"Feed Example"`. */
  siteName?: string | undefined;
  /** Category keys accepted by `category=`. Default the service's six public keys. */
  categories?: readonly string[] | undefined;
  /**
   * `Cache-Control` of 200 and 304 answers (and of the story's 308), by operationId; `"*"` sets
   * every operation not named. A string is sent as is; a number N (whole seconds) means
   * `public, max-age=N, s-maxage=N`. Problems keep theirs (`no-store`, or `public, max-age=60`
   * for an unknown story or dated daily). An unknown operation or a bad value throws.
   * Default: the service's own values, e.g. `public, max-age=60, s-maxage=60, stale-while-revalidate=60`
   * for hotTopics (see the README for every operation).
   */
  cacheControl?: Partial<Record<FeedRoute | "*", string | number>> | undefined;
  /**
   * Recorded answers ({@link loadReplay} of a HAR file): a request the recording holds gets its
   * recorded answer, any other the fake's own. Default: none.
   */
  replay?: Replay | undefined;
}

/** A running fake of the feed service, with controls over its data, faults and clock. */
export interface FeedFake {
  /** `http://127.0.0.1:PORT`: give it to `createFeedClient({ baseUrl: fake.url })`. */
  readonly url: string;
  /** The fake's clock: advance it to move the feed's time (windows, cache lifetimes, publication). */
  readonly clock: FakeClock;
  /** Every request, in arrival order. */
  readonly requests: RecordedRequest<FeedRoute>[];
  /** Fault injection on the fake's routes. */
  faults: FaultControls<FeedRoute>;
  /** The items `/api/v1/items` lists. */
  items: {
    /** Replaces every item. An item is listed while its timeline time (`discoveredAt`) is inside the window and not in the future. */
    set(items: FakeItem[]): void;
    /** Appends items (an id may repeat: both are listed, the older first among equal sort keys). */
    add(...items: FakeItem[]): void;
    /** Replaces the item(s) with `item.id`, keeping their place in `list()`; returns how many were replaced (0: nothing changes). */
    update(item: FakeItem): number;
    /** Removes the items with these ids; returns how many were removed. */
    remove(...ids: string[]): number;
    /** Every item, in the order set and added. */
    list(): FakeItem[];
  };
  /** The first 10 are served; changing them changes the ETag. */
  hotTopics: {
    /** Replaces the hot topics. */
    set(topics: HotTopic[]): void;
    /** The hot topics, in order. */
    list(): HotTopic[];
  };
  /** The stories, their merges and redirects. */
  stories: {
    /** Adds or replaces a story (by `publicId`); it stops being a merge/redirect source. */
    set(story: Story): void;
    /** `fromPublicId` now answers 308 to the surviving story (chains are followed server-side, up to 10 hops). */
    merge(fromPublicId: string, intoPublicId: string): void;
    /** `fromPublicId` answers 308 with exactly this Location (relative or absolute): for loops and cross-origin tests. */
    redirect(fromPublicId: string, location: string): void;
  };
  /** Reports are published once their `generatedAt` has come on the fake clock; latest = newest date. */
  dailies: {
    /** Replaces the daily reports. */
    set(reports: DailyReport[]): void;
  };
  /** codex-resets and codex-resets/recent; setting them also sets `checkedAt` to the current fake time. */
  resets: {
    /** Replaces the reset events. */
    set(events: ResetEvent[]): void;
    /** The reset events, as set (the seed's: oldest first). */
    list(): ResetEvent[];
    /**
     * Replaces the calendar's other parts (`activities`, `monitor`, `outage`; each given one
     * replaces the current one) and sets `checkedAt` to the current fake time. Default
     * parts: no activities, a healthy monitor verified at `checkedAt`, no outage.
     */
    update(parts: ResetCalendarExtras): void;
  };
  /** The selected set and its change ledger. */
  selected: {
    /** Appends an upsert to the change ledger (changedAt = fake now). */
    upsert(item: SelectedItem): void;
    /** Appends a remove (also for an id never in the set, as the service may). */
    remove(publicId: string): void;
    /** The current set, ordered by id. */
    truth(): SelectedItem[];
    /** New ledger epoch: every older cursor → 409 snapshot_required, every older page token → 400 invalid_cursor. */
    requireSnapshot(): void;
    /** Keeps only the newest `keep` ledger entries: cursors older than that → 409 snapshot_required. */
    trimLedger(keep: number): void;
    /** Watermark of the newest ledger entry. */
    readonly head: number;
  };
  /** Stops the server and closes its connections. */
  close(): Promise<void>;
}

type Ctx = RequestContext<FeedRoute>;

/** Each operation's handler; `param` is a path parameter of the request, raw (still percent-encoded). */
const HANDLERS: Record<FeedRoute, (req: FeedRequest, param: (name: string) => string) => Reply> = {
  items: handleItems,
  hotTopics: handleHotTopics,
  storyByPublicId: (req, param) => handleStory(param("publicId"), req),
  dailies: handleDailies,
  latestDaily: handleLatestDaily,
  dailyByDate: (req, param) => handleDailyByDate(param("date"), req),
  codexResets: (req) => handleCodexResets(false, req),
  codexResetsRecent: (req) => handleCodexResets(true, req),
  selectedSnapshot: handleSnapshot,
  selectedChanges: handleChanges,
};

/** The code and detail of the Problem a `status` fault answers. */
const STATUS_PROBLEMS: Partial<Record<number, readonly [string, string]>> = {
  408: ["request_timeout", "The request took too long."],
  429: [
    "rate_limited",
    "Too many requests from this client; retry after the delay in Retry-After.",
  ],
  500: ["internal_error", "Internal error."],
  502: ["bad_gateway", "The upstream failed."],
  503: ["temporarily_unavailable", "The service is temporarily unavailable; retry later."],
  504: ["gateway_timeout", "The upstream timed out."],
};

/** Starts the feed fake on 127.0.0.1 (free port). Close it with `close()`. */
export async function startFeedFake(options: FeedFakeOptions = {}): Promise<FeedFake> {
  const clock = options.clock ?? createFakeClock();
  const seed = options.seed ?? 1;
  const state = new FeedState(
    clock,
    options.siteUrl ?? "https://feed.example",
    options.siteName ?? "Feed Example",
    options.categories ?? FEED_CATEGORIES,
    cachePolicy(options.cacheControl, FEED_ROUTES),
  );
  if ((options.data ?? "seeded") === "seeded") seedFeed(state, seed);
  const faults = new FaultInjector(createPrng(seed), FEED_ROUTES);
  const idPrng = createPrng(seed ^ 0x1d5);
  /** The request's id, drawn when its answer (or Problem) is made; kept on its record. */
  const requestId = (ctx: Ctx) => (ctx.record.requestId ??= prngUuid(idPrng));

  const isV1 = (path: string) => path === API_PREFIX || path.startsWith(`${API_PREFIX}/`);

  const dispatch = (ctx: Ctx): Reply => {
    if (ctx.route === undefined)
      throw new ProblemError(
        404,
        "not_found",
        isV1(ctx.path) ? `No public API v1 operation exists at ${ctx.path}.` : "No such endpoint.",
        { title: "Not found" },
      );
    // The service's strict query rule holds for every operation, before its handler runs.
    const query = strictQuery(ctx.url.searchParams, ctx.route);
    const req = { route: ctx.route, query, ifNoneMatch: ctx.headers["if-none-match"], state };
    return HANDLERS[ctx.route](req, (name) => feedRoute(ctx.path)?.params[name] ?? "");
  };

  const server = await startFakeServer<FeedRoute>({
    clock,
    faults,
    ...(options.port === undefined ? {} : { port: options.port }),
    replay: options.replay as RecordedAnswers | undefined,
    route: (_method, path) => feedRoute(path)?.route,
    handle(ctx) {
      try {
        if (ctx.method === "OPTIONS" && isV1(ctx.path))
          return { status: 204, headers: { "cache-control": "public, max-age=86400" } };
        if (ctx.method !== "GET" && ctx.method !== "HEAD" && isV1(ctx.path)) {
          const headers = { allow: "GET, HEAD, OPTIONS" };
          const detail = "This endpoint supports only GET, HEAD, and OPTIONS.";
          throw new ProblemError(405, "method_not_allowed", detail, { headers });
        }
        return dispatch(ctx);
      } catch (error) {
        if (error instanceof ProblemError)
          return problem(requestId(ctx), error.status, error.code, error.detail, error.options);
        throw error;
      }
    },
    statusFault(fault, ctx) {
      const [code, detail] = STATUS_PROBLEMS[fault.status] ?? ["error", "Error."];
      let retryAfter = fault.retryAfter;
      if (retryAfter === undefined && (fault.status === 429 || fault.status === 503))
        retryAfter = 1;
      const headers: Record<string, string> = {};
      if (fault.retryAfterMs !== undefined) headers["retry-after-ms"] = String(fault.retryAfterMs);
      return problem(requestId(ctx), fault.status, code, detail, {
        headers,
        ...(retryAfter === undefined || retryAfter === null ? {} : { retryAfter }),
      });
    },
    internalError: (ctx) =>
      problem(requestId(ctx), 503, ...STATUS_PROBLEMS[503]!, { retryAfter: 30 }),
    decorate(reply, ctx) {
      reply.headers["x-request-id"] = requestId(ctx);
      if (isV1(ctx.path)) Object.assign(reply.headers, CORS_HEADERS);
    },
  });

  const clone = <T>(value: T): T => structuredClone(value);

  return {
    url: server.url,
    clock,
    requests: server.requests,
    faults,
    items: {
      set: (items) => state.items.set(items.map(clone)),
      add: (...items) => state.items.add(items.map(clone)),
      update: (item) => state.items.update(clone(item)),
      remove: (...ids) => ids.reduce((removed, id) => removed + state.items.remove(id), 0),
      list: () => state.items.list().map(clone),
    },
    hotTopics: {
      set: (topics) => void (state.hotTopics = topics.map(clone)),
      list: () => state.hotTopics.map(clone),
    },
    stories: {
      set(story) {
        state.stories.set(story.publicId, clone(story));
        state.merges.delete(story.publicId);
        state.redirects.delete(story.publicId);
      },
      merge(from, into) {
        state.stories.delete(from);
        state.redirects.delete(from);
        state.merges.set(from, into);
      },
      redirect(from, location) {
        state.redirects.set(from, location);
      },
    },
    dailies: { set: (reports) => void (state.dailies = reports.map(clone)) },
    resets: {
      set(events) {
        state.resets = events.map(clone);
        state.resetsCheckedAt = clock.now();
      },
      list: () => state.resets.map(clone),
      update(parts) {
        state.resetExtras = { ...state.resetExtras, ...clone(parts) };
        state.resetsCheckedAt = clock.now();
      },
    },
    selected: {
      upsert: (item) => state.selected.upsert(item, clock.now()),
      remove: (id) => state.selected.remove(id, clock.now()),
      truth: () => state.selected.truth(),
      requireSnapshot: () => state.selected.requireSnapshot(),
      trimLedger: (keep) => state.selected.trim(keep),
      get head() {
        return state.selected.head;
      },
    },
    close: () => server.close(),
  };
}
