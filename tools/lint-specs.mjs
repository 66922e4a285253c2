#!/usr/bin/env node
// `pnpm lint:specs`: `redocly lint` of every document in redocly.yaml (zero errors, zero
// warnings). Lint reads a root document as written, without its overlays, so an API with
// overlays (the feed: the service's structure plus our additions) is bundled first, its
// overlay targets checked, and the bundle is what is linted: what codegen and Prism read.
import { apiEntry, bundle, redocly, TARGETS } from "./generate.mjs";

try {
  const inputs = Object.values(TARGETS).map((target) => {
    if (!target.bundle || apiEntry(target.bundle.api).overlays.length === 0)
      return target.bundle?.api ?? target.spec;
    bundle(target.bundle);
    return target.spec;
  });
  redocly(["lint", ...inputs, "--format=stylish"]);
} catch (error) {
  // Redocly has printed its findings; anything else (an overlay target gone) is said here.
  if (typeof error?.status !== "number")
    console.error(`lint:specs: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
