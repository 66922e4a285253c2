import { rename, writeFile } from "node:fs/promises";
import { redact, secretForms } from "@feedgate/core/terminal";
import type { HarEntry } from "@feedgate/mock";
import { VERSION } from "../version.js";

/** The largest body kept in the file, per request and per answer (the rest is passed on, not kept). */
export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;

/** Values of `FEEDGATE_*` variables whose names say they are secret: scrubbed wherever they appear. */
export const envSecrets = (env: Record<string, string | undefined>): string[] =>
  Object.entries(env).flatMap(([name, value]) =>
    /^FEEDGATE_.*(KEY|TOKEN|SECRET|PASSWORD|AUTH)/i.test(name) && value?.trim()
      ? [value.trim()]
      : [],
  );

/** The HAR file being recorded: {@link harFile}. */
export type HarFile = ReturnType<typeof harFile>;

/**
 * The HAR file being recorded. Each finished exchange is written at once, the whole file each
 * time, to a temporary file renamed over the target: the file on disk is always complete and
 * valid, and a crash loses only the exchanges under way. Every secret seen so far is scrubbed
 * from each entry as a whole (URL, headers, bodies) before it is kept.
 */
export function harFile(path: string, secrets: readonly string[]) {
  const entries: HarEntry[] = [];
  const known = new Set(secrets);
  let writing = Promise.resolve();
  /** Writes the file as it stands, after any write under way. */
  const write = (): Promise<void> => {
    const log = { version: "1.2", creator: { name: "feedgate", version: VERSION }, entries };
    const text = `${JSON.stringify({ log }, null, 1)}\n`;
    const temporary = `${path}.${process.pid}.tmp`;
    writing = writing
      .catch(() => {})
      .then(() => writeFile(temporary, text))
      .then(() => rename(temporary, path));
    return writing;
  };
  return {
    path,
    write,
    get entries() {
      return entries.length;
    },
    /** Keeps an entry, scrubbed, and writes the file; `seen`: the credentials its exchange carried. */
    add(entry: HarEntry, seen: Iterable<string>): Promise<void> {
      for (const secret of seen) known.add(secret);
      const forms = [...known].flatMap(secretForms).sort((a, b) => b.length - a.length);
      entries.push(JSON.parse(redact(JSON.stringify(entry), forms)) as HarEntry);
      return write();
    },
  };
}
