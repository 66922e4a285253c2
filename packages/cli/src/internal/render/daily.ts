import type { DailiesResponse, DailyReport } from "@feedgate/feed-client";
import { formatUtc } from "./time.js";
import { indent, table, type Ui } from "./ui.js";

/** A daily report: lead, sections with their items, and the flashes. */
export function renderDaily(report: DailyReport, ui: Ui): string {
  const c = ui.color;
  const lines = [
    c.bold(`Daily report ${report.date}`) +
      c.dim(
        `  (generated ${formatUtc(report.generatedAt)}, covering ${formatUtc(report.windowStart)} → ${formatUtc(report.windowEnd)})`,
      ),
  ];
  if (report.lead) lines.push("", c.bold(report.lead.title), indent(report.lead.leadParagraph));
  for (const section of report.sections) {
    lines.push("", c.bold(c.cyan(section.label)));
    for (const item of section.items) {
      lines.push(`  • ${item.title} ${c.dim(`— ${item.source.name}`)}`);
      if (item.summary) lines.push(indent(c.dim(item.summary), "    "));
    }
  }
  if (report.flashes.length > 0) {
    lines.push("", c.bold("Flashes"));
    for (const flash of report.flashes)
      lines.push(
        `  ${c.dim(formatUtc(flash.publishedAt))}  ${flash.title} ${c.dim(`— ${flash.source.name}`)}`,
      );
  }
  if (report.sections.length === 0 && report.flashes.length === 0 && !report.lead)
    lines.push(c.dim("(a quiet day: nothing in this report)"));
  lines.push("", c.dim(report.links.aihot));
  return lines.join("\n");
}

/** The index of daily reports as a table. */
export function renderDailies(response: DailiesResponse, ui: Ui): string {
  if (response.items.length === 0) return ui.color.dim("No daily reports yet.");
  const t = table(ui, ["Date", "Lead", "Generated"], [12, "flex", 22]);
  for (const entry of response.items)
    t.push([entry.date, entry.leadTitle ?? "-", formatUtc(entry.generatedAt)]);
  return t.toString();
}
