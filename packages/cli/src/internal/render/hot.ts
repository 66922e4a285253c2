import type { HotTopicsResponse } from "@feedgate/feed-client";
import { formatUtc } from "./time.js";
import { table, type Ui } from "./ui.js";

function sources(topic: HotTopicsResponse["items"][number]): string {
  const names = topic.sourceNames.slice(0, 2).join(", ");
  const more = topic.sourceNames.length > 2 ? ` +${topic.sourceNames.length - 2}` : "";
  return `${topic.sourceCount} — ${names}${more}`;
}

/** The top 10 as a table: rank, title, sources, latest time. */
export function renderHotTopics(response: HotTopicsResponse, ui: Ui): string {
  if (response.items.length === 0) return ui.color.dim("No hot topics right now.");
  const t = table(ui, ["#", "Title", "Sources", "Latest"], [4, "flex", 28, 22]);
  for (const topic of response.items) {
    t.push([String(topic.rank), topic.title, sources(topic), formatUtc(topic.latestAt)]);
  }
  return t.toString();
}

/** A fingerprint of what the table shows, so `--watch` redraws only when it changed. */
export function hotTopicsFingerprint(response: HotTopicsResponse): string {
  return JSON.stringify(
    response.items.map((t) => [t.rank, t.id, t.title, t.sourceCount, t.latestAt]),
  );
}
