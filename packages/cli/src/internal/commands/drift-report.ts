import type { Finding } from "@feedgate/mock";
import type { Output } from "../cli/output.js";

/**
 * Findings as lines: what, where (operation, status, JSON pointer), what the document expects
 * and what the service sent. Written through the output filter, which cleans service text: on
 * stdout, or on stderr with the notices only under --verbose.
 */
export function printFindings(out: Output, findings: readonly Finding[], to: "stdout" | "stderr") {
  const c = to === "stdout" ? out.color : out.errColor;
  for (const f of findings) {
    const label = f.severity === "drift" ? c.red("drift ") : c.dim("notice");
    const line = `${label} ${c.bold(f.operation)} ${f.status} ${f.pointer || "/"}: expected ${f.expected}, seen ${f.seen}`;
    if (to === "stdout") out.print(line);
    else if (f.severity === "drift" || out.verboseMode) out.note(line);
  }
}
