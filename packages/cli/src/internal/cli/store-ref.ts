import { CLI_ENV } from "./config.js";
import { UsageError } from "./errors.js";
import type { InStream, Output } from "./output.js";
import { regularFileText, textArgument } from "./stdin.js";

/** Where a mirror lives: a directory (the embedded file store) or a PostgreSQL URL (a fleet's shared copy). */
export type StoreRef =
  | { kind: "dir"; dir: string }
  | { kind: "postgres"; url: string; shown: string };

/** The options naming a store: `--store <url|->` (`-`: stdin) and `--store-file <path>`. */
export type StoreOptions = { store?: string; storeFile?: string };

const POSTGRES = /^postgres(ql)?:\/\//i;
/** A scheme-like prefix (`postgress://`, `mysql:…@`), or credentials (`user:pass@`), outside a valid URL. */
const URL_LIKE = /^[a-z][\w+.-]+:(?:\/|[^\\/]*@)|^[^/\s]*:[^/\s]*@/i;
/** The most read from a `--store-file`: a URL is far smaller; anything bigger is not one. */
const MAX_STORE_FILE_BYTES = 64 * 1024;

/**
 * The store of a mirror command: the argument, else `--store` (`-`: standard input), else
 * `--store-file`, else `FEEDGATE_STORE`. A PostgreSQL URL's password is registered as a secret,
 * so no output can carry it, and is shown with it masked.
 */
export async function storeRefOf(
  argument: string | undefined,
  options: StoreOptions,
  env: Record<string, string | undefined>,
  out: Output,
  stdin?: InStream,
): Promise<StoreRef> {
  if (options.storeFile !== undefined && (argument ?? options.store) !== undefined)
    throw new UsageError(
      "give the store once",
      "either a directory or URL (argument or --store), or --store-file",
    );
  let value =
    argument ??
    options.store ??
    (options.storeFile === undefined
      ? undefined
      : firstLine(
          await regularFileText(options.storeFile, "--store-file", MAX_STORE_FILE_BYTES),
        )) ??
    env[CLI_ENV.store];
  if (value === "-") value = firstLine(await textArgument("-", "--store", stdin, true));
  value = value === undefined ? "" : trimmed(value, out);
  if (value === "") {
    throw new UsageError(
      "no mirror given",
      "give a directory, or a PostgreSQL URL (FEEDGATE_STORE, --store-file PATH, --store - on stdin, or --store postgres://…)",
    );
  }
  if (!POSTGRES.test(value)) {
    // Never echoed: what looks like a URL or credentials may hold a password.
    if (URL_LIKE.test(value))
      throw new UsageError(
        "the store is neither a postgres:// or postgresql:// URL nor a directory (it has a scheme or user:password@); it is not shown, as it may hold a password",
        "postgres://user:password@host:5432/database, or a directory such as ./mirror",
      );
    return { kind: "dir", dir: value };
  }
  if (!URL.canParse(value))
    throw new UsageError(
      "the store URL is not a URL",
      "postgres://user:password@host:5432/database",
    );
  const url = new URL(value);
  if (url.password) {
    out.addSecret(url.password);
    out.addSecret(decodeURIComponent(url.password));
    out.addSecret(encodeURIComponent(decodeURIComponent(url.password)));
    url.password = "***";
  }
  return { kind: "postgres", url: value, shown: url.toString() };
}

const firstLine = (text: string) => text.split(/\r?\n/)[0]!;

/**
 * `value` without surrounding whitespace, an env-file `NAME=` (or `export NAME=`) prefix before
 * a URL, and one pair of quotes, as `docker --env-file` and shell files leave them; what was
 * trimmed is said on stderr (never the value).
 */
function trimmed(value: string, out: Output): string {
  const [, name, quote, text] =
    /^\s*(?:(?:export\s+)?([a-z_]\w*)=(?=\s*["']?[a-z][\w+.-]*:))?\s*(["']?)(.*?)\2\s*$/is.exec(
      value,
    )!;
  const cut = [
    value !== value.trim() && "surrounding whitespace",
    name && `an env-file "${name}=" prefix`,
    quote && "quotes",
  ];
  if (cut.some(Boolean)) out.note(`the store reference: trimmed ${cut.filter(Boolean).join(", ")}`);
  return text!.trim();
}
