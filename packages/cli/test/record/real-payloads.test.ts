// The conformance payloads (../shared/reference/real-payloads), converted to one HAR file at
// test time, replayed through `feedgate mock --replay`: the CLI reads the real answers, and the
// check on load names the one payload that does not conform.
import { writeFileSync } from "node:fs";
import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { REAL_PAYLOADS_MISSING, readJsonPayload } from "@feedgate/test-harness";
import { describe, expect, it } from "vitest";
import { realPayloadsHar } from "../../../mock/test/replay/real-payloads-har.js";
import { runCli } from "../e2e/helpers.js";
import { started, stop } from "./support.js";

const har = realPayloadsHar();
if (!har) console.warn(REAL_PAYLOADS_MISSING);

describe.skipIf(!har)("feedgate mock --replay of the real payloads", () => {
  it("serves the recorded answers to the CLI and reports the nonconforming one with its pointers", async () => {
    const file = join(await mkdtemp(join(tmpdir(), "feedgate-real-")), "real-payloads.har");
    writeFileSync(file, JSON.stringify(har));
    const { cli, json } = await started(["mock", "--replay", file]);
    const env = { FEEDGATE_FEED_URL: json["feedUrl"]! };
    const hot = await runCli(["hot", "--json"], env);
    const daily = await runCli(["daily", "2026-10-04", "--json"], env);
    const { stderr } = await stop(cli);
    expect(hot.code).toBe(0);
    expect(JSON.parse(hot.stdout)).toMatchObject(
      readJsonPayload("feed/hot-topics.200.automated-release-fixture.json") as object,
    );
    expect(JSON.parse(daily.stdout)).toMatchObject(
      readJsonPayload(
        "feed/dailies-by-date.200.ai-knowledge-base-fixture-2026-10-04.json",
      ) as object,
    );
    expect(stderr).toMatch(/26 recorded answers from .*: \d+ drift from the documents/);
    expect(stderr).toMatch(
      /drift +codexResets 200 \/events\/0\/label: expected present \(required\), seen absent/,
    );
    expect(stderr).not.toMatch(/^drift +(?!codexResets)\S/m);
  });
});
