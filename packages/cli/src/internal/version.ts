import { readFileSync } from "node:fs";
import { packageFile } from "./package-file.js";

/** The CLI's own version, read from its package.json (one source of truth for `--version`). */
export const VERSION: string = (
  JSON.parse(readFileSync(packageFile("package.json"), "utf8")) as {
    version: string;
  }
).version;

/** The User-Agent the CLI sends to both services: honest and stable, as the feed's edge asks. */
export const USER_AGENT = `feedgate-cli/${VERSION} (+https://github.com/feedgate/feedgate)`;
