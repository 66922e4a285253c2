import type { Finding } from "@feedgate/mock";
import type { Output } from "../cli/output.js";

/**
 * Findings as lines: what, where (operation, status, JSON pointer), what the document expects
 * and what the service sent. Written through the output filter, which cleans service text.
 */
export function printFindings(
  out: Output,
  findings: readonly Finding[],
  to: "stdout" | "stderr",
  notices = true,
): void {
  for (const f of findings) {
    const c = to === "stdout" ? out.color : out.errColor;
    if (f.severity === "notice" && !notices) continue;
    const label = f.severity === "drift" ? c.red("drift ") : c.dim("notice");
    const line = `${label} ${c.bold(f.operation)} ${f.status} ${f.pointer || "/"}: expected ${f.expected}, seen ${f.seen}`;
    if (to === "stdout") out.print(line);
    else out.note(line);
  }
}

/** How many findings are drift and how many notices. */
export function countFindings(findings: readonly Finding[]): { drift: number; notices: number } {
  const drift = findings.filter((f) => f.severity === "drift").length;
  return { drift, notices: findings.length - drift };
}
