import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { format } from "node:util";
import { describe, expect, it } from "vitest";
import * as mock from "../../src/index.js";

// The README, then its guides (docs/*.md): every example of either runs.
const docs = fileURLToPath(new URL("../../docs/", import.meta.url));
const readme = [
  readFileSync(fileURLToPath(new URL("../../README.md", import.meta.url)), "utf8"),
  ...readdirSync(docs)
    .filter((file) => file.endsWith(".md"))
    .sort()
    .map((file) => readFileSync(join(docs, file), "utf8")),
].join("\n");
const examples = [...readme.matchAll(/```js\n([\s\S]*?)```/g)].map((m) => m[1] as string);

type AsyncFn = (...args: unknown[]) => Promise<void>;
const AsyncFunction = Object.getPrototypeOf(async () => undefined).constructor as new (
  ...args: string[]
) => AsyncFn;

/** Runs a README example against the package source; returns what it logged and what its comments promise. */
async function run(source: string): Promise<{ logged: string[]; promised: string[] }> {
  const body = source.replace(
    /^import \{([^}]+)\} from "@feedgate\/mock";$/m,
    (_all, names: string) => `const {${names}} = mock;`,
  );
  expect(body, "examples import only from @feedgate/mock").not.toMatch(/^import /m);
  const promised = source
    .split("\n")
    .filter((line) => line.includes("console.log(") && /\/\/ .+$/.test(line))
    .map((line) => (/\/\/ (.+)$/.exec(line) as RegExpExecArray)[1] as string);
  const logged: string[] = [];
  const console = { log: (...args: unknown[]) => logged.push(format(...args)) };
  await new AsyncFunction("mock", "console", body)(mock, console);
  return { logged, promised };
}

describe("README and guide examples", () => {
  it("has one runnable example per part (feed, data, gateway, scripts, clock, faults, replay, options)", () => {
    expect(examples).toHaveLength(8);
  });

  for (const [index, source] of examples.entries()) {
    it(`example ${index + 1} runs and logs what its comments say`, async () => {
      const { logged, promised } = await run(source);
      expect(promised.length).toBeGreaterThan(0);
      expect(logged).toEqual(promised);
    });
  }
});
