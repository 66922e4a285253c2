import type { FakeClock } from "../core/clock.js";
import { SelectedLedger } from "./ledger.js";
import type { DailyReport, FakeItem, HotTopic, ResetEvent, Story } from "./types.js";

/** Everything the feed fake serves; the scripting API and the handlers share it. */
export class FeedState {
  items: FakeItem[] = [];
  hotTopics: HotTopic[] = [];
  stories = new Map<string, Story>();
  /** merged id → the id it was merged into (followed server-side, like the service). */
  merges = new Map<string, string>();
  /** id → raw Location answered as is (for loops and cross-origin tests). */
  redirects = new Map<string, string>();
  dailies: DailyReport[] = [];
  resets: ResetEvent[] = [];
  /** Fake time the reset monitor last verified (when resets were last set): `checkedAt`. */
  resetsCheckedAt: number;
  readonly selected = new SelectedLedger();

  constructor(
    readonly clock: FakeClock,
    readonly siteUrl: string,
    readonly siteName: string,
    readonly categories: readonly string[],
  ) {
    this.resetsCheckedAt = clock.now();
  }
}
