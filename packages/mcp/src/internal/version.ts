import { readFileSync } from "node:fs";

/** This package's version, read from its package.json, sent in `initialize`. */
export const VERSION: string = (
  JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;
