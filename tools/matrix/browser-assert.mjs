// The part of node:assert/strict the smoke scripts use, for the browser bundle (esbuild
// aliases node:assert/strict to this file there). Same semantics, fewer features.
function fail(message) {
  const error = new Error(message);
  error.name = "AssertionError";
  throw error;
}

function ok(value, message = "expected a truthy value") {
  if (!value) fail(message);
}

function equal(actual, expected, message) {
  if (!Object.is(actual, expected))
    fail(
      message ??
        `Expected values to be strictly equal: ${JSON.stringify(actual)} !== ${JSON.stringify(expected)}`,
    );
}

/** `check` is a predicate or an assertion function, as node:assert accepts. */
function validate(error, check, message) {
  if (check === undefined) return;
  if (check(error) !== true) fail(message ?? `the error did not pass the validation: ${error}`);
}

function throws(fn, check, message) {
  try {
    fn();
  } catch (error) {
    validate(error, check, message);
    return;
  }
  fail(message ?? "Missing expected exception.");
}

async function rejects(promise, check, message) {
  try {
    await (typeof promise === "function" ? promise() : promise);
  } catch (error) {
    validate(error, check, message);
    return;
  }
  fail(message ?? "Missing expected rejection.");
}

export default { ok, equal, throws, rejects };
export { equal, ok, rejects, throws };
