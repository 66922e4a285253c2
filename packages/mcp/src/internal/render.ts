import { MCP_LIMITS } from "./limits.js";
import type { AgentItem } from "./shape.js";

/** One line for an item: `title — source, time — link [id]`. */
export function itemLine(item: AgentItem, prefix = "-"): string {
  const meta = [item.source, item.time].filter(Boolean).join(", ");
  return `${prefix} ${item.title ?? "(untitled)"}${meta ? ` — ${meta}` : ""}${item.link ? ` — ${item.link}` : ""} [${item.id}]`;
}

/** The short text rendering of a result: its lines, at most `MCP_LIMITS.textLines`. */
export function textOf(lines: string[]): { type: "text"; text: string } {
  const kept =
    lines.length > MCP_LIMITS.textLines
      ? [
          ...lines.slice(0, MCP_LIMITS.textLines - 1),
          `… (${lines.length - MCP_LIMITS.textLines + 1} more lines in the structured result)`,
        ]
      : lines;
  return { type: "text", text: kept.join("\n") };
}
