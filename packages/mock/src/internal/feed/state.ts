import type { FakeClock } from "../core/clock.js";
import { ItemIndex } from "./item-index.js";
import { SelectedLedger } from "./ledger.js";
import type { DailyReport, HotTopic, ResetCalendarExtras, ResetEvent, Story } from "./types.js";
import type { FeedRoute } from "./wire.js";
import { CACHE_CONTROL, type CachePolicy, cacheableJson } from "./wire.js";

/** Everything the feed fake serves; the scripting API and the handlers share it. */
export class FeedState {
  /** The items of /api/v1/items, with their sorted indexes. */
  readonly items = new ItemIndex();
  hotTopics: HotTopic[] = [];
  stories = new Map<string, Story>();
  /** merged id → the id it was merged into (followed server-side, like the service). */
  merges = new Map<string, string>();
  /** id → raw Location answered as is (for loops and cross-origin tests). */
  redirects = new Map<string, string>();
  dailies: DailyReport[] = [];
  resets: ResetEvent[] = [];
  /** The calendar's source posts, monitor and outage notice; unset parts take the handler's defaults. */
  resetExtras: ResetCalendarExtras = {};
  /** Fake time the reset monitor last verified (when resets were last set): `checkedAt`. */
  resetsCheckedAt: number;
  readonly selected = new SelectedLedger();

  constructor(
    readonly clock: FakeClock,
    readonly siteUrl: string,
    readonly siteName: string,
    readonly categories: readonly string[],
    /** Cache-Control of each operation's 200/304 (and the story's 308). */
    readonly cacheControl: CachePolicy = CACHE_CONTROL,
  ) {
    this.resetsCheckedAt = clock.now();
  }
}

/** What a feed handler reads of its request: its route, its query (checked), the If-None-Match sent, the fake's state. */
export interface FeedRequest {
  route: FeedRoute;
  query: Map<string, string>;
  ifNoneMatch: string | undefined;
  state: FeedState;
}

/** The route's cacheable JSON answer to `req` (a 304 when its If-None-Match still matches). */
export const replyJson = (req: FeedRequest, value: unknown, hashOf?: unknown) =>
  cacheableJson(req.state.cacheControl, req.route, value, req.ifNoneMatch, hashOf);
