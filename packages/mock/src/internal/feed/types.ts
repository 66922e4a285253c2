import type {
  CodexResetEvent,
  CodexResetsResponse,
  DailyReport,
  HotTopic,
  Item,
  Story,
} from "@feedgate/feed-client";

/** An item of /api/v1/items: the spec's `Item` schema. Its timeline time is `discoveredAt`. */
export type FakeItem = Item;
/** A member of the selected set (snapshot / changes with `fields=default`): the spec's `Item`. */
export type SelectedItem = Item;
/** A codex reset event: the spec's `CodexResetEvent`. */
export type ResetEvent = CodexResetEvent;
export type { DailyReport, HotTopic, Story };
/**
 * The parts of the reset calendar besides its events: source posts (`activities`), the monitor's
 * state and the outage notice, as the spec's `CodexResetsResponse` has them.
 */
export type ResetCalendarExtras = Pick<CodexResetsResponse, "activities" | "monitor" | "outage">;
