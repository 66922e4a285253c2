import { describe, expect, it } from "vitest";
import {
  closingLine,
  conformanceLine,
  isConformanceFile,
  summarize,
} from "../../lib/test-summary.mjs";

/** A vitest JSON report with the given test files and their tests' statuses. */
function report(files: Record<string, string[]>) {
  const all = Object.values(files).flat();
  const count = (status: string) => all.filter((s) => s === status).length;
  return {
    numPassedTests: count("passed"),
    numFailedTests: count("failed"),
    numPendingTests: count("skipped") + count("pending"),
    numTodoTests: count("todo"),
    testResults: Object.entries(files).map(([name, statuses]) => ({
      name,
      status: statuses.includes("failed") ? "failed" : "passed",
      assertionResults: statuses.map((status) => ({ status })),
    })),
  };
}

describe("the test command's closing summary", () => {
  it("counts the conformance tests that ran and those skipped, on a line of their own", () => {
    const total = summarize([
      report({
        "/repo/packages/feed-client/test/conformance/real-payloads.test.ts": [
          "passed",
          "passed",
          "passed",
        ],
        "/repo/packages/feed-client/test/contract/success.test.ts": ["passed", "failed"],
      }),
      report({
        "/repo/packages/gateway-client/test/conformance/real-payloads.test.ts": [
          "skipped",
          "skipped",
        ],
      }),
      report({
        "/repo/tools/test/conformance/published-document.test.ts": ["passed", "skipped", "failed"],
      }),
    ]);
    expect(total).toEqual({
      passed: 5,
      failed: 2,
      skipped: 3,
      conformance: { ran: 5, skipped: 3 },
    });
    expect(conformanceLine(total)).toBe(
      "conformance (real payloads, published document): 5 ran, 3 skipped",
    );
    expect(closingLine(total)).toBe("5 passed, 2 failed, 3 skipped");
  });

  it("keeps the closing line exactly `N passed, N failed` when nothing was skipped", () => {
    const total = summarize([report({ "/repo/packages/kit/test/feed/calls.test.ts": ["passed"] })]);
    expect(closingLine(total)).toBe("1 passed, 0 failed");
    expect(closingLine(total)).toMatch(/^\d+ passed, \d+ failed(, \d+ skipped)?$/);
    expect(conformanceLine(total)).toBe(
      "conformance (real payloads, published document): 0 ran, 0 skipped",
    );
  });

  it("counts a missing report and a suite that failed to load as failures", () => {
    const broken = {
      ...report({}),
      testResults: [
        { name: "/repo/packages/x/test/a.test.ts", status: "failed", assertionResults: [] },
      ],
    };
    expect(summarize([undefined, broken])).toMatchObject({ failed: 2, passed: 0 });
  });

  it("finds the conformance folders the suites use, and nothing else", () => {
    expect(
      isConformanceFile("/w/packages/feed-client/test/conformance/real-payloads.test.ts"),
    ).toBe(true);
    expect(
      isConformanceFile(
        "C:\\w\\packages\\gateway-client\\test\\conformance\\real-payloads.test.ts",
      ),
    ).toBe(true);
    expect(isConformanceFile("/w/tools/test/conformance/published-document.test.ts")).toBe(true);
    expect(isConformanceFile("/w/packages/kit/test/feed/conformance-like.test.ts")).toBe(false);
  });
});
