import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bumpOf, changesetText } from "../spec-changeset.mjs";
import { type ScratchClone, scratchClone } from "../test/support/scratch-clone.js";
import { dropOverlayActionsUnder } from "../test/support/upstream.js";

describe("the release a spec change calls for", () => {
  it("0.x: breaking → minor, anything else → patch; from 1.0: major, minor, patch", () => {
    const breaking = { breaking: ["operation removed: GET /x"], compatible: [] };
    const additive = { breaking: [], compatible: ["schema A: property added: b"] };
    const none = { breaking: [], compatible: [] };
    expect([bumpOf(breaking, "0.3.0"), bumpOf(additive, "0.3.0"), bumpOf(none, "0.3.0")]).toEqual([
      "minor",
      "patch",
      "patch",
    ]);
    expect([bumpOf(breaking, "1.2.0"), bumpOf(additive, "1.2.0"), bumpOf(none, "1.2.0")]).toEqual([
      "major",
      "minor",
      "patch",
    ]);
  });

  it("the changeset names the package and summarises the diff", () => {
    const text = changesetText([{ pkg: "@feedgate/feed-client", bump: "minor" }], "feed", {
      breaking: ["operation removed: GET /api/v1/dailies"],
      compatible: ["schema Item: property added: lang"],
    });
    expect(text).toBe(
      '---\n"@feedgate/feed-client": minor\n---\n\nThe feed OpenAPI document changed; the generated types follow it:\n\n- **breaking:** operation removed: GET /api/v1/dailies\n- schema Item: property added: lang\n',
    );
  });
});

describe("pnpm spec:changeset on a scratch clone", () => {
  let scratch: ScratchClone;
  let clone: string;
  const run = () =>
    execFileSync(process.execPath, ["tools/spec-changeset.mjs", "feed", "gateway"], {
      cwd: clone,
      encoding: "utf8",
      env: { ...process.env, REDOCLY_TELEMETRY: "off" },
    });
  const changesets = () =>
    readdirSync(join(clone, ".changeset")).filter((f) => f.startsWith("spec-"));
  const git = (...args: string[]) => scratch.git(...args);

  beforeAll(() => {
    scratch = scratchClone("feedgate-spec-changeset-");
    clone = scratch.dir;
  });
  afterAll(() => scratch?.remove());

  it("an added optional field: a patch changeset for the feed client only; the unchanged gateway records nothing", () => {
    const specPath = join(clone, "specs/feed/openapi-v1.json");
    const spec = JSON.parse(readFileSync(specPath, "utf8"));
    spec.components.schemas.HotTopic.properties.lang = {
      type: "string",
      description: "The topic's language.",
    };
    writeFileSync(specPath, `${JSON.stringify(spec, null, 2)}\n`);
    const out = run();
    expect(out).toMatch(
      /feed: 0 breaking, 1 compatible change\(s\); wrote \.changeset\/spec-feed-[0-9a-f]{8}\.md \(@feedgate\/feed-client patch\)/,
    );
    expect(out).toMatch(/gateway: the document is as committed; nothing to record/);
    const [file] = changesets();
    expect(readFileSync(join(clone, ".changeset", file!), "utf8")).toContain(
      '"@feedgate/feed-client": patch',
    );
    expect(
      readFileSync(join(clone, "packages/feed-client/src/generated/feed.ts"), "utf8"),
    ).toContain("lang?: string");
    git("add", "-A");
    git("commit", "-qm", "spec change");
  });

  it("a removed operation: a minor changeset (breaking, below 1.0)", () => {
    const specPath = join(clone, "specs/feed/openapi-v1.json");
    const spec = JSON.parse(readFileSync(specPath, "utf8"));
    delete spec.paths["/api/v1/dailies"];
    writeFileSync(specPath, `${JSON.stringify(spec, null, 2)}\n`);
    // Its overlay actions now target nothing: spec:changeset refuses until they go.
    expect(run).toThrow(/overlay target\(s\) match nothing/);
    expect(
      dropOverlayActionsUnder(join(clone, "specs/feed/overlay.yaml"), "/api/v1/dailies"),
    ).toBeGreaterThan(0);
    const out = run();
    expect(out).toMatch(/feed: 1 breaking/);
    const newest = changesets()
      .map((f) => readFileSync(join(clone, ".changeset", f), "utf8"))
      .find((t) => t.includes("breaking"));
    expect(newest).toContain('"@feedgate/feed-client": minor');
    expect(newest).toContain("- **breaking:** operation removed: GET /api/v1/dailies");
  }, 120_000);
});
