// Issue 33, item 3: a store reference is a PostgreSQL URL (after trimming what env files and
// shells leave around it, said on stderr) or a directory; anything else that looks like a URL
// or credentials is refused (exit 2) and never printed or used as a path.
import { describe, expect, it } from "vitest";
import { Output, type Streams } from "../../src/internal/cli/output.js";
import { storeRefOf } from "../../src/internal/cli/store-ref.js";

const SECRET = "s3cr3t-Pw9";
const URL_ = `postgres://app:${SECRET}@127.0.0.1:5432/feed`;

function capture() {
  const written = { stdout: "", stderr: "" };
  const streams: Streams = {
    stdout: { write: (t: string) => ((written.stdout += t), true) },
    stderr: { write: (t: string) => ((written.stderr += t), true) },
    env: {},
  };
  return { out: new Output(streams), written };
}

describe("store references", () => {
  it.each([
    [`DATABASE_URL=${URL_}`, /env-file "DATABASE_URL=" prefix/],
    [`export FEEDGATE_STORE="${URL_}"`, /prefix, quotes/],
    [`"${URL_}"`, /quotes/],
    [`'${URL_}'`, /quotes/],
    [` ${URL_}`, /surrounding whitespace/],
  ])("%j is the PostgreSQL URL, and what was trimmed is said", async (value, said) => {
    for (const options of [{ store: value }, {}]) {
      const { out, written } = capture();
      const ref = await storeRefOf(undefined, options, { FEEDGATE_STORE: value }, out);
      expect(ref).toMatchObject({ kind: "postgres", url: URL_ });
      expect(written.stderr).toMatch(said);
      expect(written.stderr).not.toContain(SECRET);
    }
  });

  it.each([
    `postgress://app:${SECRET}@127.0.0.1/feed`,
    `postgre://app:${SECRET}@host/feed`,
    `mysql://app:${SECRET}@host/feed`,
    `app:${SECRET}@127.0.0.1:5432/feed`,
    `DATABASE_URL=postgress://app:${SECRET}@host/feed`,
  ])("%j is refused with a usage error that does not quote it", async (value) => {
    const { out, written } = capture();
    const error = await storeRefOf(value, {}, {}, out).catch((e: unknown) => e);
    expect(error).toMatchObject({ name: "UsageError" });
    expect(`${(error as Error).message} ${JSON.stringify(error)}`).not.toContain(SECRET);
    expect(written.stderr + written.stdout).not.toContain(SECRET);
  });

  it("a plain directory (even with = or : in its name) stays a directory", async () => {
    for (const dir of ["./mirror", "/tmp/a=b", "C:/mirror", "data:2026"]) {
      expect(await storeRefOf(dir, {}, {}, capture().out)).toEqual({ kind: "dir", dir });
    }
  });

  it("--store - reads the first line without waiting for the end of input", async () => {
    async function* stdin() {
      yield `${URL_}\n`;
      await new Promise(() => {}); // never ends: only the first line may be waited for
    }
    const ref = await storeRefOf(undefined, { store: "-" }, {}, capture().out, stdin());
    expect(ref).toMatchObject({ kind: "postgres", url: URL_ });
  });
});
