/**
 * The `feedgate` CLI as a module: `main(argv)` runs it and resolves with the exit code.
 * The command-line interface is the supported surface; this entry exists for embedding and tests.
 */

export { DEFAULT_FEED_URL, DEFAULT_IMAGE_MODEL, DEFAULT_MODEL } from "./cli/config.js";
export { EXIT, type ExitCode } from "./cli/exit-codes.js";
export type { SignalSource } from "./cli/interrupt.js";
export type { InStream, OutStream, Streams } from "./cli/output.js";
export { main, processStreams } from "./main.js";
export { VERSION } from "./version.js";
