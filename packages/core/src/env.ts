/**
 * `@feedgate/core/env`: the `FEEDGATE_*` names the clients read when an option is left out, the
 * feed's public origin, and the reader of a variable. Its own entry point, so a program that
 * reads its configuration at start (the CLI) does not load the transport with it.
 * @packageDocumentation
 */
export { ENV, PUBLIC_FEED_URL, readEnv, TOOL_ENV } from "./internal/env.js";
