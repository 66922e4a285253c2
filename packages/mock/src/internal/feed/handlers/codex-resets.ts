import type { Reply } from "../../core/reply.js";
import { compareIds } from "../ledger.js";
import { type FeedRequest, replyJson } from "../state.js";
import type { ResetEvent } from "../types.js";
import { beijingDate, isoBeijing } from "../wire.js";

const DAY = 86_400_000;
/** Default start of the covered history (the service's stored setting). */
const HISTORY_FROM = "2026-06-12T00:00:00.000+08:00";
const OPEN_STATUSES = new Set(["announced", "in_progress", "expired_unconfirmed"]);

function ordered(events: ResetEvent[]): ResetEvent[] {
  return [...events].sort(
    (a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt) || compareIds(a.id, b.id),
  );
}

/** /api/v1/codex-resets (full) and /recent (last 7 Beijing days plus every still-open event). */
export function handleCodexResets(recent: boolean, req: FeedRequest): Reply {
  const { state } = req;
  const now = state.clock.now();
  const today = beijingDate(now);
  const cutoff = Date.parse(`${today}T00:00:00+08:00`) - 7 * DAY;
  let events = ordered(state.resets);
  let historyFrom = HISTORY_FROM;
  if (recent) {
    events = events.filter(
      (e) => Date.parse(e.updatedAt) >= cutoff || OPEN_STATUSES.has(e.presentation?.status ?? ""),
    );
    if (cutoff > Date.parse(HISTORY_FROM)) historyFrom = isoBeijing(cutoff);
  }
  const verified = isoBeijing(state.resetsCheckedAt);
  const { activities: allActivities = [], ...extras } = state.resetExtras;
  // /recent keeps the source posts published since its window opened, like the service.
  const activities = recent
    ? (allActivities ?? []).filter((a) => !(Date.parse(a.publishedAt) < cutoff))
    : allActivities;
  return replyJson(req, {
    schemaVersion: 1,
    timezone: "Asia/Shanghai",
    today,
    checkedAt: verified,
    historyFrom,
    count: events.length,
    events,
    activities,
    monitor: {
      status: "healthy",
      lastAttemptAt: verified,
      lastCollectedAt: verified,
      lastVerifiedAt: verified,
      heldWindowCount: 0,
      pendingCount: 0,
      reviewCount: 0,
    },
    outage: null,
    ...extras,
  });
}
