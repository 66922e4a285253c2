import type { LogFields, Logger } from "@feedgate/kit";
import type { CommandContext } from "./runner.js";

/** The records said even without `--verbose`. */
const ALWAYS = new Set(["interval_raised", "hint", "item_skipped"]);

/**
 * The logger the CLI gives the kit and both clients. An `interval_raised` record (the service's cache lifetime or the floor
 * lengthened the interval the user asked for) and a `hint` (a misspelt category's "did you
 * mean", before the request is sent) are always said, on stderr; everything else
 * (one line per attempt, retry and wait) only with `--verbose`. The kit never puts headers,
 * bodies or credentials in its records, and the Output redacts the key from every line anyway.
 */
export function cliLogger(ctx: CommandContext): { logger: Logger; logLevel: "debug" | "info" } {
  const verbose = ctx.globals.verbose === true;
  const line = (message: string, fields: LogFields) => {
    if (ALWAYS.has(fields.event ?? "")) ctx.out.note(`feedgate: ${message}`);
    else if (!verbose) return;
    else if (fields.event === "request")
      ctx.out.verbose(
        `${fields.method ?? "GET"} ${fields.url ?? ""}${fields.attempt && fields.attempt > 1 ? ` (attempt ${fields.attempt})` : ""}`,
      );
    else ctx.out.verbose(message);
  };
  return {
    logger: { debug: line, info: line, warn: line, error: line },
    logLevel: verbose ? "debug" : "info",
  };
}
