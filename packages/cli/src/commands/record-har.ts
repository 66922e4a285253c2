import { rename, writeFile } from "node:fs/promises";
import { CREDENTIAL_HEADERS, redact, secretForms } from "@feedgate/core";
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

/** A header or query parameter. */
export type Pair = { name: string; value: string };

/** Credential headers and cookies replaced; each value joins the secrets scrubbed from the rest. */
export const scrubHeaders = (headers: Pair[], secrets: Set<string>): Pair[] =>
  headers.map(({ name, value }) => {
    if (!CREDENTIAL_HEADERS.includes(name.toLowerCase()) && !/^set-cookie$/i.test(name))
      return { name, value };
    secrets.add(value);
    return { name, value: "[redacted]" };
  });

/**
 * The HAR file being recorded. Each finished exchange is written at once, the whole file each
 * time, to a temporary file renamed over the target: the file on disk is always complete and
 * valid, and a crash loses only the exchanges under way. Every secret seen so far is scrubbed
 * from each entry as a whole (URL, headers, bodies) before it is kept.
 */
export class HarFile {
  readonly #entries: HarEntry[] = [];
  readonly #secrets: Set<string>;
  #writing: Promise<void> = Promise.resolve();

  constructor(
    readonly path: string,
    secrets: readonly string[],
  ) {
    this.#secrets = new Set(secrets);
  }

  get entries(): number {
    return this.#entries.length;
  }

  /** Keeps an entry, scrubbed, and writes the file; `seen`: the credentials its exchange carried. */
  add(entry: HarEntry, seen: Iterable<string>): Promise<void> {
    for (const secret of seen) this.#secrets.add(secret);
    const forms = [...this.#secrets].flatMap(secretForms).sort((a, b) => b.length - a.length);
    this.#entries.push(JSON.parse(redact(JSON.stringify(entry), forms)) as HarEntry);
    return this.write();
  }

  /** Writes the file as it stands, after any write under way. */
  write(): Promise<void> {
    const log = {
      version: "1.2",
      creator: { name: "feedgate", version: VERSION },
      entries: [...this.#entries],
    };
    const temporary = `${this.path}.${process.pid}.tmp`;
    this.#writing = this.#writing
      .catch(() => {})
      .then(() => writeFile(temporary, `${JSON.stringify({ log }, null, 1)}\n`))
      .then(() => rename(temporary, this.path));
    return this.#writing;
  }
}
