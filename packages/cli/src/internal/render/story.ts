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
  const status = story.status === "active" ? c.green("active") : c.dim(String(story.status));
  const lines = [
    c.bold(story.title),
    `${status} · ${story.reportCount} reports from ${story.sourceCount} sources · ${formatUtc(story.firstReportAt)} → ${formatUtc(story.latestAt)}`,
    c.dim(`id ${story.publicId} · ${story.links.aihot}`),
  ];
  if (origin.requestedId !== origin.survivingId) {
    lines.push(
      c.yellow(
        `merged: ${origin.requestedId} was merged into ${origin.survivingId}; use the surviving id from now on`,
      ),
    );
  }
  lines.push(
    "",
    c.bold("Digest"),
    indent(
      story.digest ?? c.dim("(no current digest: the timeline moved on since it was written)"),
    ),
    "",
    c.bold(`Timeline (newest first, ${story.reports.length} of ${story.reportCount})`),
  );
  for (const report of story.reports) {
    const party = report.source.firstParty ? c.cyan(" [first party]") : "";
    lines.push(
      `  ${c.dim(formatUtc(report.publishedAt))}  ${report.title}`,
      `  ${" ".repeat(20)}  ${c.dim(`— ${report.source.name}`)}${party}`,
    );
  }
  for (const [title, stories] of [
    ["Storyline", story.storyline],
    ["Related", story.related],
  ] as const)
    if (stories.length > 0)
      lines.push(
        "",
        c.bold(title),
        ...stories.map((n) => `  • ${n.title} ${c.dim(`(${n.publicId})`)}`),
      );
  return lines.join("\n");
}
