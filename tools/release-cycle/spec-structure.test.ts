import { execFile, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { query } from "jsonpath-rfc9535";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundle, TARGETS } from "../generate.mjs";
import {
  readOverlay,
  STRUCTURE_TITLE,
  stripStructure,
  structureText,
  unmatchedTargets,
} from "../lib/spec-structure.mjs";
import { ROOT, type ScratchClone, scratchClone } from "../test/support/scratch-clone.js";
import { serveDocument, UPSTREAM_WORDS, withUpstreamProse } from "../test/support/upstream.js";

const STRUCTURE = "specs/feed/openapi-v1.json";
const OVERLAY = "specs/feed/overlay.yaml";
const readJson = (file: string) => JSON.parse(readFileSync(file, "utf8"));

/** Bundles feed@v1 of the repository at `root`'s redocly.yaml into a temp file and reads it. */
function bundled(config = join(ROOT, "redocly.yaml")) {
  const dir = mkdtempSync(join(tmpdir(), "feedgate-bundle-"));
  try {
    bundle({ api: "feed@v1", output: join(dir, "feed.json") }, { config });
    return readJson(join(dir, "feed.json"));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("stripStructure: the service's facts, none of its prose", () => {
  const W = UPSTREAM_WORDS;
  const upstream = {
    openapi: "3.1.0",
    info: { title: W, version: "9.9.9", description: W, "x-logo": { url: W } },
    tags: [{ name: "A", description: W }],
    paths: {
      "/x": {
        summary: W,
        get: {
          operationId: "x",
          summary: W,
          description: W,
          parameters: [
            {
              name: "mode",
              in: "query",
              description: W,
              example: W,
              schema: { type: "string", enum: ["a", "b"], default: "a", description: W },
            },
          ],
          responses: {
            "200": {
              description: W,
              headers: { description: { description: W, schema: { type: "string" } } },
              content: {
                "application/json": {
                  schema: { $ref: "#/components/schemas/T" },
                  examples: { one: { summary: W, value: { title: W } } },
                },
              },
            },
          },
        },
      },
    },
    components: {
      schemas: {
        T: {
          type: "object",
          title: W,
          description: W,
          example: { title: W },
          required: ["title", "summary"],
          properties: {
            title: { type: "string", maxLength: 200, examples: [W] },
            summary: { type: ["string", "null"], format: "uri", description: W },
            description: { type: "integer", minimum: 1, default: 5 },
          },
        },
      },
      examples: { E: { value: W } },
      parameters: {
        P: { name: "p", in: "header", description: W, schema: { type: "string", pattern: "^a$" } },
      },
    },
  };

  it("drops descriptions, summaries, titles, examples and x- extensions; keeps names, enums, bounds, formats, defaults", () => {
    const out = stripStructure(upstream);
    expect(JSON.stringify(out)).not.toContain(W);
    expect(out).toEqual({
      openapi: "3.1.0",
      info: { title: STRUCTURE_TITLE, version: "9.9.9" },
      tags: [{ name: "A" }],
      paths: {
        "/x": {
          get: {
            operationId: "x",
            parameters: [
              {
                name: "mode",
                in: "query",
                schema: { type: "string", enum: ["a", "b"], default: "a" },
              },
            ],
            responses: {
              "200": {
                headers: { description: { schema: { type: "string" } } },
                content: { "application/json": { schema: { $ref: "#/components/schemas/T" } } },
              },
            },
          },
        },
      },
      components: {
        schemas: {
          T: {
            type: "object",
            required: ["title", "summary"],
            properties: {
              title: { type: "string", maxLength: 200 },
              summary: { type: ["string", "null"], format: "uri" },
              description: { type: "integer", minimum: 1, default: 5 },
            },
          },
        },
        parameters: { P: { name: "p", in: "header", schema: { type: "string", pattern: "^a$" } } },
      },
    });
  });

  it("the committed structure holds nothing to strip, in the text spec:fetch --write stores", () => {
    const text = readFileSync(join(ROOT, STRUCTURE), "utf8");
    expect(structureText(JSON.parse(text))).toBe(text);
  });
});

describe("the feed bundle: structure + overlay", () => {
  it("is the hand-written document it replaced: the split commit's structure and overlay bundle to the document before it", () => {
    // Read from history, so a later refresh of the structure or edit of the overlay leaves this
    // proof of the split itself standing: the commit that added the overlay is the split.
    const git = (...args: string[]) =>
      spawnSync("git", args, { cwd: ROOT, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 }).stdout;
    const split = git("log", "--diff-filter=A", "--format=%H", "--", OVERLAY)
      .trim()
      .split("\n")
      .at(-1)!;
    expect(split).toMatch(/^[0-9a-f]{40}$/);
    const dir = mkdtempSync(join(tmpdir(), "feedgate-split-"));
    try {
      mkdirSync(join(dir, "specs/feed"), { recursive: true });
      writeFileSync(join(dir, STRUCTURE), git("show", `${split}:${STRUCTURE}`));
      writeFileSync(join(dir, OVERLAY), git("show", `${split}:${OVERLAY}`));
      writeFileSync(
        join(dir, "redocly.yaml"),
        `apis:\n  feed@v1:\n    root: ${STRUCTURE}\n    overlays:\n      - ${OVERLAY}\ntelemetry: off\n`,
      );
      const handWritten = JSON.parse(git("show", `${split}^:${STRUCTURE}`));
      expect(handWritten.info.title).not.toBe(STRUCTURE_TITLE);
      expect(bundled(join(dir, "redocly.yaml"))).toEqual(handWritten);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("every overlay target matches in the structure, and the overlay adds the 308 Location header and the named examples", () => {
    const overlay = readOverlay(join(ROOT, OVERLAY));
    expect(overlay.actions.length).toBeGreaterThan(100);
    expect(unmatchedTargets(readJson(join(ROOT, STRUCTURE)), overlay)).toEqual([]);
    const structure = readJson(join(ROOT, STRUCTURE));
    const doc = bundled();
    // biome-ignore lint/suspicious/noExplicitAny: a walk into an untyped OpenAPI document.
    const story = (d: any) => d.paths["/api/v1/stories/{publicId}"].get.responses["308"];
    expect(story(structure).headers?.Location).toBeUndefined();
    expect(story(doc).headers.Location).toEqual({ $ref: "#/components/headers/Location" });
    expect(doc.components.headers.Location.schema).toEqual({
      type: "string",
      format: "uri-reference",
    });
    expect(
      Object.keys(
        doc.paths["/api/v1/items"].get.responses["200"].content["application/json"].examples,
      ).length,
    ).toBeGreaterThan(0);
  });

  it("a target the structure lacks is named; a malformed one is refused", () => {
    const overlay = {
      overlay: "1.0.0",
      actions: [
        { target: "$.paths['/api/v1/items'].get", update: {} },
        { target: "$.paths['/api/v1/gone'].get", update: {} },
      ],
    };
    expect(unmatchedTargets(readJson(join(ROOT, STRUCTURE)), overlay)).toEqual([
      "$.paths['/api/v1/gone'].get",
    ]);
    expect(() =>
      unmatchedTargets({}, { overlay: "1.0.0", actions: [{ target: "$[?", update: {} }] }),
    ).toThrow(/not a valid JSONPath/);
  });
});

describe("a refresh on a scratch clone (spec:fetch feed --write)", () => {
  let scratch: ScratchClone;
  let upstream: Awaited<ReturnType<typeof serveDocument>>;
  const node = (args: string[]) =>
    promisify(execFile)(process.execPath, args, {
      cwd: scratch.dir,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off" },
      timeout: 120_000,
    });

  beforeAll(async () => {
    scratch = scratchClone("feedgate-spec-refresh-");
    const published = withUpstreamProse(readJson(join(ROOT, STRUCTURE)));
    published.components.schemas.HotTopic.properties.lang = {
      type: "string",
      description: `${UPSTREAM_WORDS} lang`,
    };
    upstream = await serveDocument(published);
  });
  afterAll(async () => {
    await upstream?.close();
    scratch?.remove();
  });

  it("stores the structure only, keeps every overlay addition in the bundle, and records the change", async () => {
    const { stdout } = await node(["tools/spec-fetch.mjs", "feed", upstream.base, "--write"]);
    expect(stdout).toContain(
      `wrote ${STRUCTURE} (the structure only; our descriptions and examples stay in ${OVERLAY})`,
    );
    expect(stdout).toMatch(
      /feed: 0 breaking, 1 compatible change\(s\); wrote \.changeset\/spec-feed-[0-9a-f]{8}\.md \(@feedgate\/feed-client patch\)/,
    );

    const stored = readFileSync(join(scratch.dir, STRUCTURE), "utf8");
    expect(stored).not.toContain(UPSTREAM_WORDS);
    expect(JSON.parse(stored).components.schemas.HotTopic.properties.lang).toEqual({
      type: "string",
    });
    expect(scratch.git("diff", "--stat", "--", STRUCTURE)).toMatch(
      /1 file changed, [0-9]+ insertions?\(\+\)$/m,
    );

    const doc = readJson(join(scratch.dir, TARGETS.feed.spec));
    expect(JSON.stringify(doc)).not.toContain(UPSTREAM_WORDS);
    // Every addition of the overlay is in the refreshed bundle, at its target.
    for (const action of readOverlay(join(scratch.dir, OVERLAY)).actions) {
      if (!action.update) continue;
      const matches = query(doc, action.target);
      expect(matches.length, action.target).toBeGreaterThan(0);
      for (const match of matches) expect(match, action.target).toMatchObject(action.update);
    }
    expect(readFileSync(join(scratch.dir, TARGETS.feed.pkg, TARGETS.feed.output), "utf8")).toMatch(
      /lang\?: string/,
    );
    const [changeset] = readdirSync(join(scratch.dir, ".changeset")).filter((f) =>
      f.startsWith("spec-feed-"),
    );
    expect(readFileSync(join(scratch.dir, ".changeset", changeset!), "utf8")).toContain(
      "- schema HotTopic: property added: lang",
    );
  });

  it("an overlay target gone upstream fails generation with the target's name", () => {
    const file = join(scratch.dir, STRUCTURE);
    const structure = readJson(file);
    delete structure.paths["/api/v1/codex-resets/recent"];
    writeFileSync(file, structureText(structure));
    const result = spawnSync(process.execPath, ["tools/generate.mjs", "feed"], {
      cwd: scratch.dir,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off" },
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`${OVERLAY}: `);
    expect(result.stderr).toContain(`match nothing in ${STRUCTURE}`);
    expect(result.stderr).toContain("  - $.paths['/api/v1/codex-resets/recent'].get");
    expect(result.stderr).not.toContain("/api/v1/codex-resets'].get");
  });
});
