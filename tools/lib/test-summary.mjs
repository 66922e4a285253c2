// The test command's closing summary, from the vitest JSON reports it collected (one per
// package, plus the release tests'). The closing line stays exactly "N passed, N failed"
// (", N skipped" when some were): CI reads it. The conformance tests — those under a
// `test/conformance/` folder, which compare the documents with recorded real payloads and with
// the published document, and skip where those are absent beside the checkout — get a line of
// their own before it, so a run that skipped them says so.

/** A test file counts as conformance when it stands in a `conformance` folder of its tests. */
export const isConformanceFile = (name) => /[\\/]test[\\/](?:.*[\\/])?conformance[\\/]/.test(name);

/**
 * Sums reports: `{ passed, failed, skipped, conformance: { ran, skipped } }`. A missing report
 * (`undefined`) and a suite that failed to load count as one failure each.
 * @param {Array<object | undefined>} reports parsed vitest JSON reports
 */
export function summarize(reports) {
  const total = { passed: 0, failed: 0, skipped: 0, conformance: { ran: 0, skipped: 0 } };
  for (const json of reports) {
    if (json === undefined) {
      total.failed += 1;
      continue;
    }
    total.passed += json.numPassedTests;
    total.failed += json.numFailedTests;
    total.skipped += json.numPendingTests + json.numTodoTests;
    // A suite that fails to load counts as a failure even though it has no failed test.
    total.failed += json.testResults.filter(
      (r) => r.status === "failed" && r.assertionResults.length === 0,
    ).length;
    for (const file of json.testResults.filter((r) => isConformanceFile(r.name))) {
      for (const { status } of file.assertionResults) {
        if (status === "passed" || status === "failed") total.conformance.ran += 1;
        else total.conformance.skipped += 1;
      }
    }
  }
  return total;
}

/** The conformance line, printed before the closing line. */
export const conformanceLine = ({ conformance }) =>
  `conformance (real payloads, published document): ${conformance.ran} ran, ${conformance.skipped} skipped`;

/** The closing line: exactly "N passed, N failed", then ", N skipped" when some were. */
export const closingLine = ({ passed, failed, skipped }) =>
  `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`;
