import { isFullDate } from "@feedgate/feed-client/rules";
import type { Reply } from "../../core/reply.js";
import { compareIds } from "../ledger.js";
import { integerParam } from "../query.js";
import { DOCUMENT_OPERATIONS } from "../routes.js";
import { type FeedRequest, type FeedState, replyJson } from "../state.js";
import type { DailyReport } from "../types.js";
import { invalidRequest, ProblemError } from "../wire.js";

/** Reports whose generatedAt has come (fake clock), newest date first. */
function published(state: FeedState): DailyReport[] {
  const now = state.clock.now();
  return state.dailies
    .filter((r) => Date.parse(r.generatedAt) <= now)
    .sort((a, b) => compareIds(b.date, a.date));
}

export function handleDailies(req: FeedRequest): Reply {
  const { query: q, state } = req;
  const limit = integerParam("dailies", "limit", q.get("limit"));
  const items = published(state)
    .slice(0, limit)
    .map((r) => ({
      date: r.date,
      generatedAt: r.generatedAt,
      leadTitle: r.lead?.title ?? null,
      leadParagraph: r.lead?.leadParagraph ?? null,
      links: { aihot: r.links.aihot },
      attribution: r.attribution ?? { name: state.siteName, url: r.links.aihot },
    }));
  return replyJson(req, { schemaVersion: 1, count: items.length, items });
}

export function handleLatestDaily(req: FeedRequest): Reply {
  const { state } = req;
  const report = published(state)[0];
  if (!report) throw new ProblemError(404, "not_found", "No daily report has been published yet.");
  return replyJson(req, { schemaVersion: 1, report });
}

export function handleDailyByDate(rawDate: string, req: FeedRequest): Reply {
  const { state } = req;
  let date = rawDate;
  try {
    date = decodeURIComponent(rawDate);
  } catch {
    /* stays raw, and fails the date check */
  }
  if (DOCUMENT_OPERATIONS.dailyByDate.params.date.format === "date" && !isFullDate(date))
    throw invalidRequest("date must be a real YYYY-MM-DD calendar date.");
  const report = published(state).find((r) => r.date === date);
  if (!report)
    throw new ProblemError(404, "not_found", `No daily report exists for ${date}.`, {
      cacheControl: "public, max-age=60",
    });
  return replyJson(req, { schemaVersion: 1, report });
}
