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

/** A body kept past its cap (`_truncated`: the cap) cut to it, once it has been redacted. */
function cut(
  body:
    | { text?: string | undefined; encoding?: string | undefined; _truncated?: number | undefined }
    | undefined,
): void {
  if (body?.text === undefined || body._truncated === undefined) return;
  const encoding = body.encoding === "base64" ? "base64" : "utf8";
  body.text = Buffer.from(body.text, encoding).subarray(0, body._truncated).toString(encoding);
}

/** The HAR file being recorded: {@link harFile}. */
export type HarFile = ReturnType<typeof harFile>;

/**
 * The HAR file being recorded. Each finished exchange is written at once (with any others that
 * finished meanwhile), the whole file to a temporary file renamed over the target: the file on
 * disk is always complete and valid, and a crash loses only the exchanges under way. Every
 * secret seen so far is scrubbed from each entry as a whole (URL, headers, bodies) before it is
 * kept, and only then is a body cut at the cap.
 */
export function harFile(path: string, secrets: readonly string[]) {
  const entries: HarEntry[] = [];
  const known = new Set(secrets);
  let running: Promise<void> = Promise.resolve();
  let next: Promise<void> | undefined;
  /**
   * Writes the file with every entry kept so far, after any write under way. Calls that come
   * while a write runs share the one write after it: a burst of exchanges serialises the file
   * once, not once per exchange.
   */
  const write = (): Promise<void> => {
    next ??= running
      .catch(() => {})
      .then(async () => {
        next = undefined;
        const log = { version: "1.2", creator: { name: "feedgate", version: VERSION }, entries };
        const temporary = `${path}.${process.pid}.tmp`;
        await writeFile(temporary, `${JSON.stringify({ log }, null, 1)}\n`);
        await rename(temporary, path);
      });
    running = next;
    return next;
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
      const scrubbed = JSON.parse(redact(JSON.stringify(entry), forms)) as HarEntry;
      cut(scrubbed.request.postData);
      cut(scrubbed.response.content);
      entries.push(scrubbed);
      return write();
    },
  };
}
