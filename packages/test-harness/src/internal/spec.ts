import { createRequire } from "node:module";
import type * as Validator from "../../../mock/dist/internal/spec/validator.js";
import { fromRoot } from "./repo.js";

export type {
  SpecValidator,
  ValidationResult,
} from "../../../mock/dist/internal/spec/validator.js";

/**
 * The one spec validator, @feedgate/mock's (published: `feedgate check --live` and `mock --replay`
 * use it too). The harness cannot depend on mock (mock's own tests depend on the harness), so it
 * loads mock's build by path on first use; turbo builds mock before any test or typecheck.
 */
export function loadSpec(path: string): Validator.SpecValidator {
  const load = createRequire(import.meta.url);
  return (
    load(fromRoot("packages/mock/dist/internal/spec/validator.js")) as typeof Validator
  ).loadSpec(path);
}
