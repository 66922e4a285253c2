import { execFile } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, rmdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type FeedFake, type GatewayFake, startFeedFake, startGatewayFake } from "@feedgate/mock";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Runs every README and guide block marked `// example: <name>` as a real program against the fake
 * servers, so the documentation cannot drift from the code. The blocks are written as .ts
 * files inside the package (so `@feedgate/kit` resolves to the built package by its own name)
 * and run by one Node process with type stripping, one after the other. Requires `dist`.
 */
const packageDir = fileURLToPath(new URL("../..", import.meta.url));
// The README and its guides (docs/*.md): every example of either runs.
const docsDir = fileURLToPath(new URL("../../docs/", import.meta.url));
const readme = [
  readFileSync(new URL("../../README.md", import.meta.url), "utf8"),
  ...readdirSync(docsDir)
    .filter((file) => file.endsWith(".md"))
    .map((file) => readFileSync(join(docsDir, file), "utf8")),
].join("\n");
const examples = [...readme.matchAll(/```ts\n\/\/ example: ([\w-]+)\n([\s\S]*?)```/g)].map((m) => ({
  name: m[1]!,
  code: m[2]!,
}));
// Under .tmp/ (git-ignored), still inside the package so `@feedgate/kit` resolves to it.
const workDir = join(packageDir, ".tmp", `readme-${process.pid}`);

interface Outcome {
  stdout: string;
  error: string | undefined;
}
const outcomes = new Map<string, Outcome>();
let feed: FeedFake;
let gateway: GatewayFake;

/** The program that imports each example in turn and reports how each went. */
const RUNNER = `
const names = JSON.parse(process.argv[2]);
for (const name of names) {
  process.stdout.write("@@start " + name + "\\n");
  try {
    await import("./" + name + ".ts");
  } catch (error) {
    process.stdout.write("@@error " + JSON.stringify(String(error?.stack ?? error)) + "\\n");
  }
}
process.exit(0);
`;

beforeAll(async () => {
  feed = await startFeedFake();
  gateway = await startGatewayFake({ models: "any", unrouted: [] });
  gateway.images.scriptTask({ polls: 1, outcome: "completed", times: 10 });
  mkdirSync(workDir, { recursive: true });
  for (const { name, code } of examples) writeFileSync(join(workDir, `${name}.ts`), code);
  writeFileSync(join(workDir, "run.mjs"), RUNNER);
  const { stdout, stderr } = await new Promise<{ stdout: string; stderr: string }>(
    (resolve, reject) =>
      execFile(
        process.execPath,
        ["--no-warnings", join(workDir, "run.mjs"), JSON.stringify(examples.map((e) => e.name))],
        {
          cwd: workDir,
          timeout: 40_000,
          env: {
            ...process.env,
            FEEDGATE_FEED_URL: feed.url,
            FEEDGATE_GATEWAY_URL: gateway.url,
            FEEDGATE_API_KEY: gateway.apiKey,
          },
        },
        (error, out, err) =>
          error
            ? reject(Object.assign(error, { stderr: err }))
            : resolve({ stdout: out, stderr: err }),
      ),
  );
  expect(stderr).toBe("");
  for (const chunk of stdout.split("@@start ").slice(1)) {
    const [name, ...lines] = chunk.split("\n");
    const errorLine = lines.find((l) => l.startsWith("@@error "));
    outcomes.set(name!, {
      stdout: lines.filter((l) => !l.startsWith("@@")).join("\n"),
      error: errorLine && JSON.parse(errorLine.slice(8)),
    });
  }
}, 45_000);

afterAll(async () => {
  rmSync(workDir, { recursive: true, force: true });
  try {
    rmdirSync(dirname(workDir)); // only when empty
  } catch {
    // someone else's files are there: leave them
  }
  await feed?.close();
  await gateway?.close();
});

describe("README examples", () => {
  it("has one runnable example per capability", () => {
    // The daily archive is polled a few times a day at most (watchDailies), never every minute.
    expect(readme).not.toMatch(/pollUntilChanged\(\s*"dailies"/);
    expect(examples.find((e) => e.name === "watchers")!.code).toContain("watchDailies(");
    // README first, then the guides by file name (feed, testing, transport).
    expect(examples.map((e) => e.name)).toEqual([
      "kit",
      "pagination",
      "stories",
      "polling",
      "watchers",
      "gateway",
      "testing",
      "transport",
      "per-call",
      "logging",
      "errors",
      "validation",
    ]);
  });

  it.each(examples)("$name runs against the fake servers and prints its results", ({ name }) => {
    const outcome = outcomes.get(name);
    expect(outcome).toBeDefined();
    expect(outcome!.error).toBeUndefined();
    expect(outcome!.stdout.trim()).not.toBe("");
  });
});
