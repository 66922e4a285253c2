import { rename, writeFile } from "node:fs/promises";
import { CREDENTIAL_HEADERS, redact, secretForms } from "@feedgate/core";
import type { Har, HarEntry, HarPair } from "@feedgate/mock";
import { VERSION } from "../version.js";

/** What a credential is replaced with in the file. */
export const PLACEHOLDER = "[redacted]";

/** Values of `FEEDGATE_*` variables whose names say they are secret: scrubbed wherever they appear. */
export function envSecrets(env: Record<string, string | undefined>): string[] {
  return Object.entries(env)
    .filter(([name, value]) => /^FEEDGATE_.*(KEY|TOKEN|SECRET|PASSWORD|AUTH)/i.test(name) && value)
    .map(([, value]) => value!.trim());
}

/** Credential headers and cookies replaced; each value also becomes a secret to scrub from the rest. */
export function scrubHeaders(headers: HarPair[], secrets: Set<string>): HarPair[] {
  return headers.map(({ name, value }) => {
    const lower = name.toLowerCase();
    if (!CREDENTIAL_HEADERS.includes(lower) && lower !== "set-cookie") return { name, value };
    secrets.add(value);
    return { name, value: PLACEHOLDER };
  });
}

/**
 * The HAR file being recorded. Every finished exchange is written at once, the whole file each
 * time, to a temporary file renamed over the target: the file on disk is always complete and
 * valid, and a crash loses only the exchanges still in flight. Secrets are scrubbed from each
 * entry as a whole (URL, headers, bodies) before it is kept.
 */
export class HarFile {
  readonly #path: string;
  readonly #entries: HarEntry[] = [];
  readonly #secrets: Set<string>;
  #writing: Promise<void> = Promise.resolve();

  constructor(path: string, secrets: readonly string[]) {
    this.#path = path;
    this.#secrets = new Set(secrets);
  }

  get entries(): number {
    return this.#entries.length;
  }

  /** Keeps an entry and writes the file; `seen` are credential values this exchange carried. */
  add(entry: HarEntry, seen: Iterable<string>): Promise<void> {
    for (const secret of seen) this.#secrets.add(secret);
    const forms = [...this.#secrets].flatMap(secretForms).sort((a, b) => b.length - a.length);
    this.#entries.push(JSON.parse(redact(JSON.stringify(entry), forms)) as HarEntry);
    return this.write();
  }

  /** Writes the file as it stands (after any write already under way). */
  write(): Promise<void> {
    const har: Har = {
      log: {
        version: "1.2",
        creator: { name: "feedgate", version: VERSION },
        entries: [...this.#entries],
      },
    };
    const temporary = `${this.#path}.${process.pid}.tmp`;
    this.#writing = this.#writing
      .catch(() => {})
      .then(async () => {
        await writeFile(temporary, `${JSON.stringify(har, null, 1)}\n`);
        await rename(temporary, this.#path);
      });
    return this.#writing;
  }
}
