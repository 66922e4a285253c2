import type { Finding } from "@feedgate/mock";
import type { Output } from "../cli/output.js";

/**
 * Prints findings, one line each: what, where (operation, status, JSON pointer), what the
 * document expects and what the service sent. Service text goes through the output filter.
 */
export function printFindings(out: Output, findings: readonly Finding[], notices = true): void {
  const c = out.color;
  for (const f of findings) {
    if (f.severity === "notice" && !notices) continue;
    const label = f.severity === "drift" ? c.red("drift ") : c.dim("notice");
    out.print(
      `${label} ${c.bold(f.operation)} ${f.status} ${f.pointer || "/"}: expected ${f.expected}, seen ${f.seen}`,
    );
  }
}

/** How many findings are drift and how many notices. */
export function countFindings(findings: readonly Finding[]): { drift: number; notices: number } {
  const drift = findings.filter((f) => f.severity === "drift").length;
  return { drift, notices: findings.length - drift };
}
