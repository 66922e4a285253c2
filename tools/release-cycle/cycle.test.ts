// `pnpm test:release`: the whole path from an upstream change to a consumer's upgrade, on a
// scratch clone, with every step's output checked:
//   the current packages published to a local registry on 127.0.0.1 (the "old" release) and a
//   consumer project pinned to them → the feed service publishes a changed document (served
//   from 127.0.0.1: an added optional field, an added enum value, a removed operation) →
//   `spec:fetch feed <url> --write` (the overlay's actions for the removed operation are named;
//   the maintainer drops them) → `spec:changeset` → `generate` → the changeset →
//   `release:version` (versions, CHANGELOG.md) → `release:publish` to the same registry → the
//   consumer upgrades and `tsc` reports exactly the breaking change.
// The registry is this process's (tools/pack/local-registry.mjs): no uplink, storage in a temp
// dir; the clone's npmrc names only it, and the test asserts that before anything is published.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publishablePackages } from "../lib/packages.mjs";
import { localInstallFlags, startLocalRegistry } from "../pack/local-registry.mjs";
import { packDependencies } from "../pack/pack.mjs";
import { ROOT, type ScratchClone, scratchClone } from "../test/support/scratch-clone.js";
import {
  dropOverlayActionsUnder,
  serveDocument,
  UPSTREAM_WORDS,
  withUpstreamProse,
} from "../test/support/upstream.js";

const FEED = "@feedgate/feed-client";
const REMOVED = "/api/v1/codex-resets/recent";
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a command to its end without blocking this process (it serves the registry). */
async function run(
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; timeout?: number },
): Promise<Run> {
  try {
    const { stdout, stderr } = await promisify(execFile)(command, args, {
      encoding: "utf8",
      maxBuffer: 64 * 1024 * 1024,
      timeout: 300_000,
      ...options,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code?: number | string; stdout?: string; stderr?: string };
    return {
      code: typeof e.code === "number" ? e.code : 1,
      stdout: e.stdout ?? "",
      stderr: e.stderr ?? String(error),
    };
  }
}
const ok = (result: Run, what: string) =>
  expect(result.code, `${what}\n${result.stdout}\n${result.stderr}`).toBe(0);

let scratch: ScratchClone;
let clone: string;
let registry: Awaited<ReturnType<typeof startLocalRegistry>>;
let upstream: Awaited<ReturnType<typeof serveDocument>>;
let consumer: string;
const temps: string[] = [];
const temp = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  temps.push(dir);
  return dir;
};
let env: NodeJS.ProcessEnv;
const inClone = (command: string, args: string[]) => run(command, args, { cwd: clone, env });
const pnpm = (...args: string[]) => inClone("pnpm", args);
const feedVersion = () =>
  JSON.parse(readFileSync(join(clone, "packages/feed-client/package.json"), "utf8"))
    .version as string;

/** `npm install` in the consumer, from the local registry only, with nothing run or reported. */
const consumerInstall = (...args: string[]) =>
  run(
    "npm",
    ["install", ...args, ...localInstallFlags(registry.url, join(consumer, ".npm-cache"))],
    { cwd: consumer, env },
  );

/** The consumer's type check: its `file(line,col): error TSxxxx: ...` lines, and the whole output. */
async function consumerErrors(): Promise<{ errors: string[]; output: string }> {
  const result = await run(process.execPath, [TSC, "-p", "tsconfig.json", "--pretty", "false"], {
    cwd: consumer,
  });
  const output = result.stdout + result.stderr;
  const errors = output.split("\n").filter((line) => /error TS\d+/.test(line));
  expect(result.code === 0, output).toBe(errors.length === 0);
  return { errors, output };
}

beforeAll(async () => {
  // The clone gets its own install (offline, from the store this checkout's install filled):
  // its packages must build against each other, not against this checkout's.
  scratch = scratchClone("feedgate-cycle-", { linkDependencies: false });
  clone = scratch.dir;

  const storage = temp("feedgate-registry-");
  registry = await startLocalRegistry(packDependencies(temp("feedgate-cycle-deps-"), [], [FEED]), {
    publish: { storage },
  });
  const host = registry.url.replace(/^http:/, "");
  // Only the local registry: the project npmrc of the clone and a user npmrc of its own, no other tokens.
  writeFileSync(
    join(clone, ".npmrc"),
    `${readFileSync(join(clone, ".npmrc"), "utf8")}registry=${registry.url}\n${host}:_authToken=feedgate-cycle-local\n`,
  );
  // The user npmrc names the local registry and its token too: pnpm publish runs npm in a temp
  // folder, where npm takes its project config from the nearest folder above with a
  // package.json or node_modules (a stray /tmp/node_modules hid the clone's token from it).
  const userconfig = join(temp("feedgate-cycle-home-"), "npmrc");
  writeFileSync(userconfig, `registry=${registry.url}\n${host}:_authToken=feedgate-cycle-local\n`);
  env = {
    ...process.env,
    npm_config_registry: registry.url,
    npm_config_userconfig: userconfig,
    NPM_CONFIG_USERCONFIG: userconfig,
    NPM_TOKEN: undefined,
    NODE_AUTH_TOKEN: undefined,
    NPM_CONFIG_PROVENANCE: undefined,
    npm_config_provenance: undefined,
    REDOCLY_TELEMETRY: "off",
    REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
    TURBO_TELEMETRY_DISABLED: "1",
    TURBO_NO_UPDATE_NOTIFIER: "1",
    DO_NOT_TRACK: "1",
    SCARF_ANALYTICS: "false",
  };
  ok(
    await pnpm("install", "--frozen-lockfile", "--offline"),
    "pnpm install --offline in the clone",
  );
}, 300_000);

afterAll(async () => {
  await upstream?.close();
  await registry?.close();
  scratch?.remove();
  for (const dir of temps) rmSync(dir, { recursive: true, force: true });
});

describe("from a changed upstream document to a consumer's upgrade", () => {
  it("publishing can only reach the local registry", async () => {
    for (const tool of ["npm", "pnpm"]) {
      const result = await inClone(tool, ["config", "get", "registry"]);
      ok(result, `${tool} config get registry`);
      expect(result.stdout.trim(), tool).toBe(registry.url);
    }
    for (const pkg of publishablePackages(clone))
      expect(pkg.manifest.publishConfig?.registry, pkg.name).toBeUndefined();
  });

  it("the current packages are published (the old release) and a consumer pinned to them type-checks", async () => {
    const old = feedVersion();
    const result = await pnpm("run", "release:publish");
    ok(result, "release:publish (old)");
    const expected = publishablePackages(clone)
      .map((p) => `${p.name}@${p.version}`)
      .sort();
    expect(registry.published.map((p) => `${p.name}@${p.version}`).sort()).toEqual(expected);
    expect(registry.requests).toContain(`PUT /${FEED}`);

    consumer = temp("feedgate-cycle-consumer-");
    writeFileSync(
      join(consumer, "package.json"),
      JSON.stringify(
        { name: "cycle-consumer", private: true, type: "module", dependencies: { [FEED]: old } },
        null,
        2,
      ),
    );
    writeFileSync(
      join(consumer, "tsconfig.json"),
      JSON.stringify(
        {
          compilerOptions: {
            strict: true,
            target: "es2022",
            module: "esnext",
            moduleResolution: "bundler",
            lib: ["es2022", "dom"],
            types: [],
            noEmit: true,
            skipLibCheck: false,
          },
          include: ["src"],
        },
        null,
        2,
      ),
    );
    mkdirSync(join(consumer, "src"));
    writeFileSync(
      join(consumer, "src", "index.ts"),
      [
        `import { createFeedClient, type paths } from "${FEED}";`,
        `const feed = createFeedClient({ baseUrl: "http://127.0.0.1:9" });`,
        `export const items = () => feed.GET("/api/v1/items", { params: { query: { window: "24h" } } });`,
        `export const recent = () => feed.GET("${REMOVED}");`,
        `export type Recent = paths["${REMOVED}"]["get"];`,
        `export const hot = async () => (await feed.GET("/api/v1/hot-topics")).data?.items.map((t) => t.title);`,
        "",
      ].join("\n"),
    );
    ok(await consumerInstall(), "consumer npm install (old)");
    expect(
      JSON.parse(readFileSync(join(consumer, "node_modules", FEED, "package.json"), "utf8"))
        .version,
    ).toBe(old);
    expect((await consumerErrors()).errors).toEqual([]);
  });

  it("spec:fetch --write stores the changed structure and names the overlay's actions left without a target", async () => {
    const published = withUpstreamProse(
      JSON.parse(readFileSync(join(clone, "specs/feed/openapi-v1.json"), "utf8")),
    );
    published.info.version = "2.1.0";
    published.components.schemas.HotTopic.properties.lang = { type: "string" };
    published.paths["/api/v1/items"].get.parameters
      .find((p: { name?: string }) => p.name === "window")
      .schema.enum.push("30d");
    delete published.paths[REMOVED];
    upstream = await serveDocument(published);

    const result = await pnpm("run", "spec:fetch", "feed", upstream.base, "--write");
    expect(result.code).toBe(1);
    expect(result.stdout).toMatch(/BREAKING for clients \(1\)/);
    expect(result.stdout).toContain(`operation removed: GET ${REMOVED}`);
    expect(result.stdout).toContain("wrote specs/feed/openapi-v1.json (the structure only");
    expect(result.stderr).toContain(`  - $.paths['${REMOVED}'].get`);
    const stored = readFileSync(join(clone, "specs/feed/openapi-v1.json"), "utf8");
    expect(stored).not.toContain(UPSTREAM_WORDS);
    expect(JSON.parse(stored).paths[REMOVED]).toBeUndefined();
  });

  it("with those actions dropped, spec:changeset and generate record the change", async () => {
    expect(
      dropOverlayActionsUnder(join(clone, "specs/feed/overlay.yaml"), REMOVED),
    ).toBeGreaterThan(0);
    const recorded = await pnpm("run", "spec:changeset", "feed");
    ok(recorded, "spec:changeset feed");
    expect(recorded.stdout).toMatch(
      /feed: 1 breaking, 2 compatible change\(s\); wrote \.changeset\/spec-feed-[0-9a-f]{8}\.md \(@feedgate\/feed-client minor\)/,
    );
    ok(await pnpm("run", "generate"), "pnpm generate");
    ok(await inClone(process.execPath, ["tools/generate.mjs", "--check"]), "generate --check");
    const types = readFileSync(join(clone, "packages/feed-client/src/generated/feed.ts"), "utf8");
    expect(types).not.toContain(`"${REMOVED}"`);
    expect(types).toMatch(/lang\?: string/);
    expect(types).toMatch(/window\?: "24h" \| "7d" \| "30d"/);

    const [file, ...more] = readdirSync(join(clone, ".changeset")).filter((f) =>
      f.startsWith("spec-feed-"),
    );
    expect(more).toEqual([]);
    const changeset = readFileSync(join(clone, ".changeset", file!), "utf8");
    expect(changeset).toBe(
      `---\n"${FEED}": minor\n---\n\nThe feed OpenAPI document changed; the generated types follow it:\n\n` +
        `- **breaking:** operation removed: GET ${REMOVED}\n- GET /api/v1/items: parameter query:window enum values added: "30d"\n- schema HotTopic: property added: lang\n`,
    );
    console.log(`\n.changeset/${file}:\n${changeset}`);
    scratch.git("add", "-A");
    scratch.git("commit", "-qm", "feed spec refresh");
  });

  it("release:version bumps the feed client (breaking below 1.0: minor) and writes its CHANGELOG", async () => {
    const old = feedVersion();
    ok(await pnpm("run", "release:version"), "release:version");
    const [major, minor] = old.split(".").map(Number);
    expect(feedVersion()).toBe(`${major}.${minor! + 1}.0`);
    const changelog = readFileSync(join(clone, "packages/feed-client/CHANGELOG.md"), "utf8");
    const start = changelog.indexOf(`## ${feedVersion()}\n`);
    expect(start).toBeGreaterThanOrEqual(0);
    const end = changelog.indexOf("\n## ", start + 1);
    const entry = changelog.slice(start, end < 0 ? undefined : end);
    expect(entry).toContain("### Minor Changes");
    expect(entry).toContain(`operation removed: GET ${REMOVED}`);
    expect(entry).toContain("- schema HotTopic: property added: lang");
    expect(
      readdirSync(join(clone, ".changeset")).filter((f) => f.startsWith("spec-feed-")),
    ).toEqual([]);
    console.log(`\npackages/feed-client/CHANGELOG.md (${feedVersion()}):\n${entry}`);
    scratch.git("add", "-A");
    scratch.git("commit", "-qm", "release");
    ok(
      await inClone(process.execPath, ["tools/changesets/check.mjs"]),
      "check:changesets on the release commit",
    );
  });

  it("release:publish puts the new version on the local registry", async () => {
    const before = registry.published.length;
    ok(await pnpm("run", "release:publish"), "release:publish (new)");
    const fresh = registry.published.slice(before).map((p) => `${p.name}@${p.version}`);
    expect(fresh).toContain(`${FEED}@${feedVersion()}`);
    for (const name of fresh)
      expect(publishablePackages(clone).map((p) => `${p.name}@${p.version}`)).toContain(name);
  });

  it("the consumer upgrades and its type check shows exactly the removed operation", async () => {
    ok(await consumerInstall(`${FEED}@${feedVersion()}`, "--save-exact"), "consumer upgrade");
    expect(
      JSON.parse(readFileSync(join(consumer, "package.json"), "utf8")).dependencies[FEED],
    ).toBe(feedVersion());
    // What the upgrade adds is usable.
    writeFileSync(
      join(consumer, "src", "added.ts"),
      [
        `import { createFeedClient } from "${FEED}";`,
        `const feed = createFeedClient({ baseUrl: "http://127.0.0.1:9" });`,
        `export const month = () => feed.GET("/api/v1/items", { params: { query: { window: "30d" } } });`,
        `export const langs = async () => (await feed.GET("/api/v1/hot-topics")).data?.items.map((t) => t.lang);`,
        "",
      ].join("\n"),
    );
    const { errors, output } = await consumerErrors();
    console.log(`\nconsumer tsc after the upgrade:\n${output}`);
    // Exactly the two lines that use the removed operation (4: the call, 5: its type), nothing else.
    expect(errors.map((e) => e.replace(/: error .*/, ""))).toEqual([
      expect.stringMatching(/^src\/index\.ts\(4,\d+\)$/),
      expect.stringMatching(/^src\/index\.ts\(5,\d+\)$/),
    ]);
    expect(errors[0]).toContain("error TS2554: Expected 2 arguments, but got 1.");
    expect(errors[1]).toContain(
      `error TS2339: Property '${REMOVED}' does not exist on type 'paths'.`,
    );
  });
});
