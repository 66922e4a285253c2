import type { GlobalOptions } from "./config.js";
import type { InStream, Output } from "./output.js";

/** What every command gets: its output, the Ctrl-C signal and the global options. */
export interface CommandContext {
  out: Output;
  /** Fires on Ctrl-C; pass it to every request and wait. */
  signal: AbortSignal;
  globals: GlobalOptions;
  env: Record<string, string | undefined>;
  /** Standard input (a `-` argument); undefined: the process's own. */
  stdin?: InStream | undefined;
}
