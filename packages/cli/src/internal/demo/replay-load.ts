import type { Replay } from "@feedgate/mock";
import { step } from "../cli/errors.js";
import type { CommandContext } from "../cli/runner.js";
import { printFindings } from "../commands/drift-report.js";

/** Loads a HAR file for `mock --replay` and reports, on stderr, where its answers drift from the documents. */
export async function loadRecording(
  ctx: CommandContext,
  file: string,
  speed: "instant" | "recorded" = "instant",
): Promise<Replay> {
  const { loadReplay } = await import("@feedgate/mock");
  const replay = await step(`reading ${file}`, async () => loadReplay(file, { speed }));
  const drift = replay.findings.filter((f) => f.severity === "drift").length;
  const notices = replay.findings.length - drift;
  printFindings(ctx.out, replay.findings, "stderr");
  const more = notices && !ctx.out.verboseMode ? " (--verbose lists them)" : "";
  ctx.out.note(
    `${replay.entries} recorded answers from ${file}: ${drift} drift from the documents, ${notices} undeclared fields${more}`,
  );
  return replay;
}
