// `pnpm test:pack`: every publishable package, packed as it would be published, installed by
// plain `npm install` into a scratch consumer outside the workspace (from a local registry of
// the tarballs and their dependencies, repacked from the workspace's install: nothing is
// downloaded), then type-checked, imported, required and run as a user would.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { entryPoints, publishablePackages, root } from "../lib/packages.mjs";
import { systemNodePath } from "../lib/system-node.mjs";
import { startSmokeServer } from "../matrix/smoke-server.mjs";
import { SMOKES } from "../matrix/smokes.mjs";
import { loadExamples } from "../matrix/spec-examples.mjs";
import { installConsumer } from "../pack/consumer.mjs";
import { packDependencies } from "../pack/pack.mjs";

const run = promisify(execFile);
const packed = inject("packed");
const entries = publishablePackages()
  .flatMap(entryPoints)
  .map((e) => e.specifier);
const requireFromRoot = createRequire(join(root, "package.json"));

/** The TypeScript versions a consumer may use: the oldest supported and the workspace's. */
const COMPILERS = {
  // openapi-fetch's types need 5.4 (older compilers reject its ResponseObjectMap constraints).
  "5.4 (oldest supported)": "typescript-5.4",
  // The current major, the native compiler (the same type system as 6.0, the last JavaScript one).
  "7.0 (current)": "typescript-7",
};
/**
 * Packages whose declarations need a newer compiler than 5.4, with the reason: they are checked
 * with the current compiler only (their README says which TypeScript they need).
 */
const NEWER_TYPESCRIPT: Record<string, string> = {
  // zod 4 and the MCP SDK's declarations need TypeScript 5.5 or newer.
  "@feedgate/mcp": "5.5",
};
const needsNewer = (specifier: string) =>
  Object.keys(NEWER_TYPESCRIPT).some(
    (name) => specifier === name || specifier.startsWith(`${name}/`),
  );
const RESOLUTIONS = { bundler: "esnext", node16: "node16" } as const;

let consumer: string;

function consumerFile(path: string, content: string): void {
  mkdirSync(dirname(join(consumer, path)), { recursive: true });
  writeFileSync(join(consumer, path), content);
}

beforeAll(async () => {
  const typesNode = JSON.parse(
    readFileSync(requireFromRoot.resolve("@types/node/package.json"), "utf8"),
  ).version;
  const depsDir = mkdtempSync(join(tmpdir(), "feedgate-deps-"));
  try {
    consumer = await installConsumer(packed, packDependencies(depsDir, ["@types/node"]), {
      "@types/node": typesNode,
    });
  } finally {
    rmSync(depsDir, { recursive: true, force: true });
  }
  // Every published entry point, so every shipped .d.ts is compiled (skipLibCheck off).
  const importsOf = (list: string[]) =>
    `${list.map((e, i) => `import * as entry${i} from ${JSON.stringify(e)};`).join("\n")}\nexport const entries = [${list.map((_, i) => `entry${i}`).join(", ")}];\n`;
  consumerFile("src/entries.ts", importsOf(entries.filter((e) => !needsNewer(e))));
  consumerFile("newer/entries.ts", importsOf(entries.filter(needsNewer)));
  cpSync(
    join(import.meta.dirname, "fixtures", "consumer-usage.ts"),
    join(consumer, "src", "usage.ts"),
  );
  cpSync(
    join(import.meta.dirname, "fixtures", "consumer-typo.ts"),
    join(consumer, "typo", "typo.ts"),
  );
  cpSync(
    join(import.meta.dirname, "fixtures", "consumer-errors.mjs"),
    join(consumer, "consumer-errors.mjs"),
  );
  for (const [resolution, module] of Object.entries(RESOLUTIONS)) {
    const compilerOptions = {
      strict: true,
      target: "es2022",
      module,
      moduleResolution: resolution,
      lib: ["es2022", "dom", "dom.iterable"],
      types: ["node"],
      noEmit: true,
      skipLibCheck: false,
      // TypeScript's own lib files (lib.dom.d.ts above all) are not checked: nothing published
      // can change them, and checking them was a quarter of each 5.4 run's CPU. A shipped
      // declaration that clashes with them is still an error in the shipped file.
      skipDefaultLibCheck: true,
    };
    consumerFile(
      `tsconfig.${resolution}.json`,
      JSON.stringify({ compilerOptions, include: ["src"] }, null, 2),
    );
    consumerFile(
      `tsconfig.newer.${resolution}.json`,
      JSON.stringify({ compilerOptions, include: ["src", "newer"] }, null, 2),
    );
    // The typo check asks for its one error only: every shipped .d.ts is already compiled with
    // skipLibCheck off by the type-check tests above, under the same resolution.
    consumerFile(
      `tsconfig.typo.${resolution}.json`,
      JSON.stringify(
        { compilerOptions: { ...compilerOptions, skipLibCheck: true }, include: ["typo"] },
        null,
        2,
      ),
    );
  }
  cpSync(join(root, "tools", "matrix", "run-smoke.mjs"), join(consumer, "smoke", "run-smoke.mjs"));
  for (const smoke of SMOKES)
    cpSync(join(root, "tools", "matrix", smoke.file), join(consumer, "smoke", smoke.file));
});

afterAll(() => {
  if (consumer) rmSync(consumer, { recursive: true, force: true });
});

describe("pack and install", () => {
  it("installs every publishable package with its dependencies, and npm sees a complete tree", async () => {
    expect(packed.map((p) => p.name).sort()).toEqual(
      publishablePackages()
        .map((p) => p.name)
        .sort(),
    );
    for (const { name, version } of packed) {
      const installed = JSON.parse(
        readFileSync(join(consumer, "node_modules", name, "package.json"), "utf8"),
      );
      expect(installed.version, name).toBe(version);
    }
    await run("npm", ["ls", "--all", "--omit=dev"], { cwd: consumer }); // exits non-zero on a missing or invalid dependency
  });

  describe.concurrent.each(Object.entries(COMPILERS))("TypeScript %s", (label, compiler) => {
    const tsc = join(dirname(requireFromRoot.resolve(`${compiler}/package.json`)), "bin", "tsc");
    // The current compiler also checks the packages that need a newer one than 5.4.
    const project = compiler === "typescript-7" ? "tsconfig.newer" : "tsconfig";
    it.concurrent.each(Object.keys(RESOLUTIONS))(
      `type-checks a consumer with moduleResolution %s (${label})`,
      async (resolution) => {
        // V8 on one thread: 5.4 is JavaScript, and its background compilation cost more CPU than
        // it saved (about 9 s → 7.5 s a run); the four compilers run at once anyway.
        const args = ["--single-threaded", tsc, "-p", `${project}.${resolution}.json`];
        const result = await run(process.execPath, args, { cwd: consumer }).catch(
          (error: { stdout: string }) => error,
        );
        expect(result.stdout).toBe("");
        // Four compilers at once, every shipped .d.ts with skipLibCheck off; the two that include
        // @feedgate/mcp also compile the MCP SDK's and zod's declarations (about 90 more files):
        // on a busy 2-core machine that can take a few minutes.
      },
      300_000,
    );
  });

  it.concurrent.each(Object.keys(RESOLUTIONS))(
    "refuses to compile `inputs` for `input` in a Responses body (moduleResolution %s)",
    async (resolution) => {
      const tsc = join(dirname(requireFromRoot.resolve("typescript-7/package.json")), "bin", "tsc");
      const result = await run(process.execPath, [tsc, "-p", `tsconfig.typo.${resolution}.json`], {
        cwd: consumer,
      }).then(
        () => ({ stdout: "" }),
        (error: { stdout: string }) => error,
      );
      expect(result.stdout).toMatch(
        /typo\.ts\(4,\d+\): error TS(2353|2561): Object literal may only specify known properties, (and|but) 'inputs' does not exist/,
      );
      expect(result.stdout.trim().split("\n")).toHaveLength(1);
    },
    // Runs beside the four type-checks above: as long a bound as theirs.
    300_000,
  );

  it("catches RateLimitError and ConnectionError from each client with instanceof, configured by FEEDGATE_* alone", async () => {
    // One 127.0.0.1 server that rate-limits everything, asking for no wait; a closed port for the rest.
    const limiter = createServer((_req, res) => {
      res.writeHead(429, {
        "content-type": "application/json",
        "retry-after": "0",
        "x-request-id": "req-429",
      });
      res.end(
        JSON.stringify({
          code: "rate_limited",
          error: { message: "slow down", type: "rate_limit_error", code: "" },
        }),
      );
    });
    await new Promise<void>((resolve) => limiter.listen(0, "127.0.0.1", resolve));
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const closedUrl = `http://127.0.0.1:${(closed.address() as AddressInfo).port}`;
    await new Promise((resolve) => closed.close(resolve));
    try {
      const url = `http://127.0.0.1:${(limiter.address() as AddressInfo).port}`;
      const env = {
        ...process.env,
        FEEDGATE_FEED_URL: url,
        FEEDGATE_GATEWAY_URL: url,
        FEEDGATE_API_KEY: "sk-consumer-secret-0001",
        CLOSED_URL: closedUrl,
      };
      const { stdout } = await run(process.execPath, ["consumer-errors.mjs"], {
        cwd: consumer,
        env,
      });
      expect(JSON.parse(stdout)).toEqual({
        sameClasses: true,
        feedRateLimit: true,
        kitRateLimit: true,
        gatewayRateLimit: true,
        keyHidden: true,
        feedConnection: true,
        gatewayConnection: true,
        missingKey: true,
      });
    } finally {
      limiter.close();
    }
  });

  it("ships the exact OpenAPI documents the clients were generated from, importable as <client>/openapi.json", async () => {
    // As a user would: import the document through the package's exports, and match it with the
    // client's own rule table (generated from the same document). One short Node process.
    consumerFile(
      "documents.mjs",
      `import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
const out = {};
for (const [client, rules, table] of [["@feedgate/feed-client", "@feedgate/feed-client/rules", "FEED_RULES"], ["@feedgate/gateway-client", "@feedgate/gateway-client/rules", "GATEWAY_RULES"]]) {
  const { default: doc } = await import(client + "/openapi.json", { with: { type: "json" } });
  const ops = (await import(rules))[table].operations;
  const missing = Object.entries(ops).filter(([id, op]) => doc.paths?.[op.path]?.[op.method]?.operationId !== id).map(([id]) => id);
  out[client] = { openapi: doc.openapi, operations: Object.keys(ops).length, missing, text: readFileSync(fileURLToPath(import.meta.resolve(client + "/openapi.json")), "utf8") };
}
console.log(JSON.stringify(out));`,
    );
    const { stdout } = await run(process.execPath, ["--no-warnings", "documents.mjs"], {
      cwd: consumer,
    });
    const shipped: Record<
      string,
      { openapi: string; operations: number; missing: string[]; text: string }
    > = JSON.parse(stdout);
    for (const [client, bundle] of [
      ["@feedgate/feed-client", "specs/feed/dist/openapi-v1.json"],
      ["@feedgate/gateway-client", "specs/gateway/dist/openapi.json"],
    ] as const) {
      const got = shipped[client]!;
      expect(got.openapi, client).toMatch(/^3\.1\./);
      expect(got.operations, client).toBeGreaterThan(0);
      expect(
        got.missing,
        `${client}: operations of its rule table missing from its document`,
      ).toEqual([]);
      // Byte for byte the bundle codegen read.
      expect(
        got.text === readFileSync(join(root, bundle), "utf8"),
        `${client}/openapi.json is ${bundle}`,
      ).toBe(true);
    }
  });

  it("ships ESM only: no require condition, and require() works through require(esm) on Node 20.19+", async () => {
    for (const { name } of packed) {
      const manifest = JSON.parse(
        readFileSync(join(consumer, "node_modules", name, "package.json"), "utf8"),
      );
      expect(manifest.type, name).toBe("module");
      expect(JSON.stringify(manifest.exports), name).not.toContain('"require"');
    }
    consumerFile(
      "module-systems.mjs",
      `import { createRequire } from "node:module";
const require = createRequire(import.meta.url);
const out = {};
for (const spec of ${JSON.stringify(entries)}) {
  const esm = Object.keys(await import(spec)).sort();
  let cjs;
  try { cjs = Object.keys(require(spec)).filter((k) => k !== "__esModule" && k !== "module.exports").sort(); } catch (e) { cjs = e.code ?? String(e); }
  out[spec] = { esm, cjs };
}
console.log(JSON.stringify(out));`,
    );
    const nodes = [process.execPath, systemNodePath()].filter(
      (node): node is string => node !== undefined,
    );
    for (const node of nodes) {
      const { stdout } = await run(node, ["--no-warnings", "module-systems.mjs"], {
        cwd: consumer,
      });
      const results: Record<string, { esm: string[]; cjs: string[] | string }> = JSON.parse(stdout);
      for (const spec of entries) {
        expect(results[spec]?.esm.length, `${spec} exports something`).toBeGreaterThan(0);
        expect(results[spec]?.cjs, `require("${spec}") on ${node}`).toEqual(results[spec]?.esm);
      }
    }
  });

  it("runs the client smoke scripts from the installed packages against a 127.0.0.1 server", async () => {
    const server = await startSmokeServer(loadExamples());
    try {
      const { stdout } = await run(
        process.execPath,
        ["run-smoke.mjs", server.url, ...SMOKES.map((s) => s.file)],
        { cwd: join(consumer, "smoke") },
      );
      expect(stdout.split("\n").filter((line) => line.startsWith("ok - "))).toHaveLength(
        SMOKES.length,
      );
    } finally {
      await server.close();
    }
  });

  it("runs every command-line program from node_modules/.bin", async () => {
    const withBins = packed
      .map(({ name, version }) => ({
        version,
        manifest: JSON.parse(
          readFileSync(join(consumer, "node_modules", name, "package.json"), "utf8"),
        ),
      }))
      .filter(({ manifest }) => manifest.bin !== undefined);
    for (const { version, manifest } of withBins) {
      const bins = typeof manifest.bin === "string" ? [manifest.name] : Object.keys(manifest.bin);
      for (const bin of bins) {
        const { stdout } = await run(join(consumer, "node_modules", ".bin", bin), ["--version"], {
          cwd: consumer,
        });
        expect(stdout, bin).toContain(version);
      }
    }
  });
});
