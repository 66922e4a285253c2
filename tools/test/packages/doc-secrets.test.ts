// No doc shows a secret on a command line, where every local user can read it in the process
// list (issue 33: the MCP README's example passed `--token "$FEEDGATE_MCP_TOKEN"`): a doc names
// the environment variable the command reads instead.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";

const DOCS = execFileSync("git", ["ls-files", "*.md"], { cwd: root, encoding: "utf8" })
  .split("\n")
  .filter((file) => file && !file.includes("CHANGELOG") && !file.startsWith(".changeset/"));

/** A secret-carrying option given a secret (`--token "$X"`, `--api-key=sk-…`); `--token T` in a synopsis is not one. */
const SECRET_ON_COMMAND_LINE = /--(?:token|api-key|password)(?:=|\s+)["']?(?:\$|sk-)/;

it("no doc passes a token, key or password as a command-line option value", () => {
  const offending = DOCS.flatMap((doc) =>
    readFileSync(join(root, doc), "utf8")
      .split("\n")
      .filter((line) => SECRET_ON_COMMAND_LINE.test(line))
      .map((line) => `${doc}: ${line.trim().slice(0, 120)}`),
  );
  expect(offending).toEqual([]);
});
