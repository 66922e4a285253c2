import { createError } from "@feedgate/core";
import { type Sql, storeChannel, tables } from "./connection.js";
import { storeError } from "./errors.js";

/** What every part of an open store shares: its client, schema, tables and how it was opened. */
export interface StoreContext {
  readonly sql: Sql;
  readonly schema: string;
  readonly url: string;
  readonly directUrl: string | undefined;
  readonly readOnly: boolean;
  readonly channel: string;
  readonly t: ReturnType<typeof tables>;
  /** The clients opened for LISTEN on `directUrl`, ended on close. */
  readonly listeners: Set<Sql>;
}

export function storeContext(
  sql: Sql,
  schema: string,
  url: string,
  directUrl: string | undefined,
  readOnly: boolean,
): StoreContext {
  const t = tables(sql, schema);
  return {
    sql,
    schema,
    url,
    directUrl,
    readOnly,
    channel: storeChannel(schema),
    t,
    listeners: new Set(),
  };
}

/** Runs a task, its failure as the family's error without the password. */
export async function run<T>(ctx: StoreContext, what: string, task: () => Promise<T>): Promise<T> {
  try {
    return await task();
  } catch (error) {
    throw storeError(what, error, ctx.url);
  }
}

/** Runs a writing task, refused with a ConfigError when the store was opened read-only. */
export function write<T>(ctx: StoreContext, what: string, task: () => Promise<T>): Promise<T> {
  if (ctx.readOnly)
    return Promise.reject(
      createError({
        kind: "config",
        code: "read_only",
        option: "readOnly",
        message: `${what}: the store was opened read-only`,
      }),
    );
  return run(ctx, what, task);
}
