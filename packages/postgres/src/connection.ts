import { configError } from "@feedgate/kit";
import postgres from "postgres";

/** A postgres.js client. */
export type Sql = postgres.Sql;

/** Schema names the package accepts: a plain lower-case identifier, so it needs no quoting anywhere. */
const SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

export function checkSchema(schema: string): string {
  if (!SCHEMA.test(schema)) throw configError("schema", `a lower-case identifier (letters, digits, _; at most 63), got ${JSON.stringify(schema)}`);
  return schema;
}

/** A connection URL fit for logs and errors: the password (and any secret query parameter) hidden. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = "***";
    for (const name of [...u.searchParams.keys()]) if (/pass|secret|token|key/i.test(name)) u.searchParams.set(name, "***");
    return u.toString();
  } catch {
    return "[unparsable connection URL]";
  }
}

/** Replaces the URL's password wherever it appears in a message (driver errors may quote the URL). */
export function scrubPassword(text: string, url: string): string {
  let password = "";
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {}
  return password.length >= 2 ? text.split(password).join("***") : text;
}

/** Opens a client on `url` with `schema` first on the search path; notices are not printed. */
export function connect(url: string, schema: string, max = 4): Sql {
  return postgres(url, { max, onnotice: () => {}, connection: { search_path: `${schema}, public`, application_name: "feedgate" } });
}
