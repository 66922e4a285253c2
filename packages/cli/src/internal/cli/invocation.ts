import { sep } from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The CLI as the user can type it: installed, `feedgate` is on PATH; run from a clone of the
 * repository it is not, and `pnpm exec feedgate` is (the README says how to put it on PATH).
 */
export const CLI = fileURLToPath(import.meta.url).includes(`${sep}node_modules${sep}`)
  ? "feedgate"
  : "pnpm exec feedgate";

/** A printed command line (`feedgate hot; feedgate daily`) as the user can type it here. */
export const typed = (line: string): string => line.replace(/(^|; |\$ )feedgate /g, `$1${CLI} `);
