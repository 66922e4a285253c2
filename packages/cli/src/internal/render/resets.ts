import type { CodexResetEvent, CodexResetsResponse } from "@feedgate/feed-client";
import type { ResetChange } from "@feedgate/kit/feed";
import { formatBeijing, formatBeijingRange } from "./time.js";
import type { Ui } from "./ui.js";

function statusBadge(event: CodexResetEvent, ui: Ui): string {
  const shown = event.presentation?.status ?? event.status;
  const c = ui.color;
  const text = `[${shown}]`;
  if (shown === "confirmed") return c.green(text);
  if (shown === "in_progress") return c.yellow(text);
  if (shown === "expired_unconfirmed") return c.red(text);
  return c.cyan(text);
}

/** One event: title and status, kind and scope, schedule, confirmation and the source quotes. */
export function renderResetEvent(event: CodexResetEvent, ui: Ui, maxPosts = 3): string {
  const c = ui.color;
  const lines = [
    `${c.bold(event.title)}  ${statusBadge(event, ui)}  ${event.displayLabel ?? event.label} · ${event.scope}`,
  ];
  const { schedule } = event;
  const when = schedule ?? event.estimate;
  if (when)
    lines.push(
      `  ${schedule ? "schedule" : "estimate"}:     ${formatBeijingRange(when.from, when.through)} (UTC+8${schedule ? `, ${schedule.precision}` : ""}) — ${when.label}`,
    );
  if (event.confirmedAt) {
    const basis = event.confirmationBasis ? ` via ${event.confirmationBasis}` : "";
    lines.push(
      `  confirmed:    ${formatBeijing(event.confirmedAt)} (UTC+8)${basis}${event.occurredOn ? `, happened on ${event.occurredOn}` : ""}`,
    );
  } else {
    lines.push(`  confirmed:    ${c.dim("not yet")}`);
  }
  lines.push(`  updated:      ${formatBeijing(event.updatedAt)} (UTC+8)  ${c.dim(event.id)}`);
  const posts = event.posts.slice(0, maxPosts);
  if (posts.length > 0) lines.push("  quotes:");
  for (const post of posts) {
    // `text` is the service's Chinese rendering of the passage; the original follows, dimmed.
    lines.push(
      `    ${c.dim(formatBeijing(post.publishedAt))} ${c.dim(`[${post.stage}]`)} “${post.text}”`,
    );
    if (post.originalText && post.originalText !== post.text)
      lines.push(`    ${" ".repeat(16)} ${c.dim(post.originalText)}`);
  }
  if (event.posts.length > posts.length)
    lines.push(c.dim(`    … ${event.posts.length - posts.length} more`));
  return lines.join("\n");
}

/** The calendar: a heading with the service's check time, then every event. */
export function renderResets(response: CodexResetsResponse, ui: Ui, recent: boolean): string {
  const c = ui.color;
  const head = `${c.bold(recent ? "Reset calendar — recent" : "Reset calendar")} ${c.dim(
    `(Beijing time, UTC+8 · today ${response.today ?? "-"} · checked ${formatBeijing(response.checkedAt)} · ${response.count} events since ${formatBeijing(response.historyFrom)})`,
  )}`;
  if (response.events.length === 0) return `${head}\n${c.dim("No reset events.")}`;
  return [head, ...response.events.map((e) => renderResetEvent(e, ui))].join("\n\n");
}

function what(change: Extract<ResetChange, { type: "changed" }>): string {
  const { event, previous } = change;
  const diffs: string[] = [];
  if (previous.status !== event.status) diffs.push(`status ${previous.status} → ${event.status}`);
  const ps = previous.presentation?.status;
  const ns = event.presentation?.status;
  if (ps !== ns && ns !== event.status) diffs.push(`shown as ${ps ?? "-"} → ${ns ?? "-"}`);
  if (previous.title !== event.title) diffs.push(`title “${previous.title}” → “${event.title}”`);
  if (previous.posts.length !== event.posts.length)
    diffs.push(`${event.posts.length - previous.posts.length} new post(s)`);
  if (JSON.stringify(previous.schedule) !== JSON.stringify(event.schedule))
    diffs.push("schedule changed");
  return diffs.length > 0 ? diffs.join("; ") : "details changed";
}

/** One line (plus the event block for additions and changes) per change seen while watching. */
export function renderResetChange(change: ResetChange, ui: Ui, at: string): string {
  const c = ui.color;
  const stamp = c.dim(at);
  switch (change.type) {
    case "added":
      return `${stamp} ${c.green("+ added")}     ${change.event.title}\n${renderResetEvent(change.event, ui, 1)}`;
    case "changed":
      return `${stamp} ${c.yellow("~ changed")}   ${change.event.title}: ${what(change)}\n${renderResetEvent(change.event, ui, 1)}`;
    case "removed":
      return change.reason === "aged_out"
        ? `${stamp} ${c.dim("- aged out of the 7-day window")} ${change.previous.title} ${c.dim(change.previous.id)}`
        : `${stamp} ${c.red("- withdrawn")} ${change.previous.title} ${c.dim(change.previous.id)}`;
  }
}

/**
 * What changed in a new version of the calendar besides its events: new source posts
 * (`activities`, by id), the monitor's status, the outage notice and the check time. The
 * service replaces the whole calendar on every change, so `resets --watch` says each one.
 */
export function describeCalendarUpdate(
  previous: CodexResetsResponse,
  next: CodexResetsResponse,
): string[] {
  const parts: string[] = [];
  // Read defensively: these parts of the answer are not checked before rendering.
  const postIds = (r: CodexResetsResponse) =>
    (Array.isArray(r.activities) ? r.activities : [])
      .map((a) => (a as { id?: unknown } | null)?.id)
      .filter((id) => typeof id === "string");
  const seen = new Set(postIds(previous));
  const posts = postIds(next).filter((id) => !seen.has(id)).length;
  if (posts > 0) parts.push(`${posts} new source post${posts === 1 ? "" : "s"}`);
  const status = (r: CodexResetsResponse) =>
    typeof r.monitor?.status === "string" ? r.monitor.status : "none";
  if (status(previous) !== status(next))
    parts.push(`monitor ${status(previous)} → ${status(next)}`);
  const outage = (r: CodexResetsResponse) =>
    typeof r.outage === "object" && r.outage !== null ? JSON.stringify(r.outage) : null;
  if (outage(previous) !== outage(next))
    parts.push(next.outage ? "outage notice" : "outage notice cleared");
  if (previous.checkedAt !== next.checkedAt) parts.push(`checked ${formatBeijing(next.checkedAt)}`);
  return parts;
}

/** The line `resets --watch` prints for a new version of the calendar, before its event changes. */
export function renderCalendarUpdate(
  previous: CodexResetsResponse,
  next: CodexResetsResponse,
  ui: Ui,
  at: string,
): string {
  const parts = describeCalendarUpdate(previous, next);
  return `${ui.color.dim(at)} ${ui.color.cyan("* calendar")}  ${parts.length > 0 ? parts.join("; ") : "replaced"}`;
}
