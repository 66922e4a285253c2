// A doc that names an option is checked: each package README's (or guide's) options table ("| Option |
// Default | Meaning |") lists exactly the options of the exported type it documents, read from
// the built declarations: every option that is not deprecated has a row, every row names an
// option, and a deprecated option, when it has a row, says so.
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { packageDocs, root } from "../../lib/packages.mjs";

/** README, the table's place (the function named in backticks just before it), the type, its .d.ts entry. */
const TABLES = [
  ["core", "createResilientFetch", "ResilientFetchOptions", "core/dist/index.d.ts"],
  ["feed-client", "createFeedClient", "FeedClientOptions", "feed-client/dist/index.d.ts"],
  [
    "gateway-client",
    "createGatewayClient",
    "GatewayClientOptions",
    "gateway-client/dist/index.d.ts",
  ],
  ["kit", "createSelectedMirror", "SelectedMirrorOptions", "kit/dist/mirror/index.d.ts"],
  ["kit", "openFileStore", "FileStoreOptions", "kit/dist/node/index.d.ts"],
  ["kit", "generateImage", "GenerateImageOptions", "kit/dist/images/index.d.ts"],
  ["kit", "createFeedKit", "FeedKitOptions", "kit/dist/feed/index.d.ts"],
  ["mock", "startFeedFake", "FeedFakeOptions", "mock/dist/index.d.ts"],
  ["mock", "startGatewayFake", "GatewayFakeOptions", "mock/dist/index.d.ts"],
  ["postgres", "createFleet", "FleetOptions", "postgres/dist/index.d.ts"],
] as const;

/** The first column's option names of every options table whose preceding lines name `fn` last. */
function rowsFor(readme: string, fn: string): Map<string, string> {
  const lines = readme.split("\n");
  const rows = new Map<string, string>();
  lines.forEach((line, i) => {
    if (!/^\| Option \| Default/.test(line)) return;
    const before = lines.slice(Math.max(0, i - 8), i).join("\n");
    const named = [...before.matchAll(/`(\w+)(?:\([^`]*\))?`/g)].map((m) => m[1]);
    if (named.at(-1) !== fn) return;
    for (let j = i + 2; lines[j]?.startsWith("|"); j++) {
      const cell = (lines[j]!.split("|")[1] ?? "").replace(/\(.*?\)/g, "");
      for (const [, name] of cell.matchAll(/`(\w+)`/g)) rows.set(name!, lines[j]!);
    }
  });
  return rows;
}

/**
 * One program over every table's declarations, made on first use: the default lib and @types/node
 * are parsed once, not once per table (ten programs took most of this file's time).
 */
let shared: ts.Program | undefined;
function declarations(): ts.Program {
  shared ??= ts.createProgram(
    TABLES.map(([, , , dts]) => join(root, "packages", dts)),
    { strict: true, skipLibCheck: true, noEmit: true },
  );
  return shared;
}

/** The properties of an exported interface, each with whether it is marked deprecated. */
function optionsOf(dts: string, typeName: string): Map<string, boolean> {
  const program = declarations();
  const checker = program.getTypeChecker();
  const module = checker.getSymbolAtLocation(program.getSourceFile(dts)!)!;
  const symbol = checker.getExportsOfModule(module).find((s) => s.name === typeName)!;
  const type = checker.getDeclaredTypeOfSymbol(
    symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol,
  );
  return new Map(
    type
      .getProperties()
      .map((p) => [p.name, p.getJsDocTags(checker).some((tag) => tag.name === "deprecated")]),
  );
}

describe("each options table lists exactly its type's options", () => {
  for (const [pkg, fn, typeName, dts] of TABLES) {
    it(`${pkg}: ${fn} (${typeName})`, () => {
      const docs = packageDocs(join(root, "packages", pkg));
      const rows = new Map(docs.flatMap(({ text }) => [...rowsFor(text, fn)]));
      const options = optionsOf(join(root, "packages", dts), typeName);
      expect(
        rows.size,
        `no options table after \`${fn}\` in packages/${pkg}/README.md or docs/`,
      ).toBeGreaterThan(0);
      const unknown = [...rows.keys()].filter((name) => !options.has(name));
      const undocumented = [...options]
        .filter(([name, deprecated]) => !deprecated && !rows.has(name))
        .map(([name]) => name);
      const unmarked = [...rows]
        .filter(([name, row]) => options.get(name) && !/deprecated/i.test(row))
        .map(([name]) => name);
      expect({ unknown, undocumented, unmarked }).toEqual({
        unknown: [],
        undocumented: [],
        unmarked: [],
      });
    });
  }
});
