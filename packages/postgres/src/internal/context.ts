import { createError } from "@feedgate/core";
import { type Sql, storeChannel, tables } from "./connection.js";
import { storeError } from "./errors.js";

/** What every part of an open store shares: its client, schema, tables and how it was opened. */
export interface StoreContext {
  readonly sql: Sql;
  readonly schema: string;
  readonly directUrl: string | undefined;
  readonly channel: string;
  readonly t: ReturnType<typeof tables>;
  /** The clients opened for LISTEN on `directUrl`, ended on close. */
  readonly listeners: Set<Sql>;
  /** Runs a task, its failure as the family's error without the password. */
  run<T>(what: string, task: () => Promise<T>): Promise<T>;
  /** Runs a writing task, refused with a ConfigError when the store was opened read-only. */
  write<T>(what: string, task: () => Promise<T>): Promise<T>;
}

export function storeContext(
  sql: Sql,
  schema: string,
  url: string,
  directUrl: string | undefined,
  readOnly: boolean,
): StoreContext {
  const run = async <T>(what: string, task: () => Promise<T>): Promise<T> => {
    try {
      return await task();
    } catch (error) {
      throw storeError(what, error, url);
    }
  };
  return {
    sql,
    schema,
    directUrl,
    channel: storeChannel(schema),
    t: tables(sql, schema),
    listeners: new Set(),
    run,
    write: (what, task) =>
      readOnly
        ? Promise.reject(
            createError({
              kind: "config",
              code: "read_only",
              option: "readOnly",
              message: `${what}: the store was opened read-only`,
            }),
          )
        : run(what, task),
  };
}
