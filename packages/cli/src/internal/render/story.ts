import type { Story } from "@feedgate/feed-client";
import { formatUtc } from "./time.js";
import { indent, type Ui } from "./ui.js";

/** How a story was reached: the id asked for, the surviving id, and the merged ids between. */
export interface StoryOrigin {
  requestedId: string;
  survivingId: string;
  chain: readonly string[];
}

/** Title, status, digest, the reverse-chronological timeline, storyline and related stories. */
export function renderStory(story: Story, origin: StoryOrigin, ui: Ui): string {
  const c = ui.color;
  const lines: string[] = [];
  lines.push(c.bold(story.title));
  const status = story.status === "active" ? c.green("active") : c.dim(String(story.status));
  lines.push(
    `${status} · ${story.reportCount} reports from ${story.sourceCount} sources · ${formatUtc(story.firstReportAt)} → ${formatUtc(story.latestAt)}`,
  );
  lines.push(c.dim(`id ${story.publicId} · ${story.links.aihot}`));
  if (origin.requestedId !== origin.survivingId) {
    lines.push(
      c.yellow(
        `merged: ${origin.requestedId} was merged into ${origin.survivingId}; use the surviving id from now on`,
      ),
    );
  }
  lines.push("");
  lines.push(c.bold("Digest"));
  lines.push(
    indent(
      story.digest ?? c.dim("(no current digest: the timeline moved on since it was written)"),
    ),
  );
  lines.push("");
  lines.push(c.bold(`Timeline (newest first, ${story.reports.length} of ${story.reportCount})`));
  for (const report of story.reports) {
    const party = report.source.firstParty ? c.cyan(" [first party]") : "";
    lines.push(`  ${c.dim(formatUtc(report.publishedAt))}  ${report.title}`);
    lines.push(`  ${" ".repeat(20)}  ${c.dim(`— ${report.source.name}`)}${party}`);
  }
  if (story.storyline.length > 0) {
    lines.push("");
    lines.push(c.bold("Storyline"));
    for (const n of story.storyline) lines.push(`  • ${n.title} ${c.dim(`(${n.publicId})`)}`);
  }
  if (story.related.length > 0) {
    lines.push("");
    lines.push(c.bold("Related"));
    for (const n of story.related) lines.push(`  • ${n.title} ${c.dim(`(${n.publicId})`)}`);
  }
  return lines.join("\n");
}
