import { UsageError } from "./errors.js";
import type { Output } from "./output.js";

/** Where a mirror lives: a directory (the embedded file store) or a PostgreSQL URL (a fleet's shared copy). */
export type StoreRef = { kind: "dir"; dir: string } | { kind: "postgres"; url: string; shown: string };

const POSTGRES = /^postgres(ql)?:\/\//i;

/**
 * The store of a mirror command: the argument, else `--store`, else `FEEDGATE_STORE`. A
 * PostgreSQL URL's password is registered as a secret, so no output can carry it, and is
 * shown with it masked.
 */
export function storeRefOf(argument: string | undefined, flag: string | undefined, env: Record<string, string | undefined>, out: Output): StoreRef {
  const value = argument ?? flag ?? env["FEEDGATE_STORE"];
  if (value === undefined || value.trim() === "") {
    throw new UsageError("no mirror given", "give a directory, or a PostgreSQL URL (--store postgres://… or FEEDGATE_STORE)");
  }
  if (!POSTGRES.test(value)) return { kind: "dir", dir: value };
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new UsageError("the store URL is not a URL", "postgres://user:password@host:5432/database");
  }
  if (url.password) {
    out.addSecret(url.password);
    out.addSecret(encodeURIComponent(decodeURIComponent(url.password)));
    url.password = "***";
  }
  return { kind: "postgres", url: value, shown: url.toString() };
}
