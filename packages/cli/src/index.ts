/**
 * The `feedgate` CLI as a module: `main(argv)` runs it and resolves with the exit code.
 * The command-line interface is the supported surface; this entry exists for embedding and tests.
 */

export { DEFAULT_FEED_URL, DEFAULT_IMAGE_MODEL, DEFAULT_MODEL } from "./internal/cli/config.js";
export { EXIT, type ExitCode } from "./internal/cli/exit-codes.js";
export type { SignalSource } from "./internal/cli/interrupt.js";
export type { InStream, OutStream, Streams } from "./internal/cli/output.js";
export { main, processStreams } from "./internal/main.js";
export { VERSION } from "./internal/version.js";
