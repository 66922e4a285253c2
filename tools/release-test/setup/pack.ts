// Packs every publishable package once per run (as `pnpm publish` would upload it) and hands
// the tarballs to the test files through vitest's provide/inject.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { packPublishable } from "../../pack/pack.mjs";

export interface PackedPackage {
  name: string;
  version: string;
  file: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    packed: PackedPackage[];
  }
}

export default function setup(project: TestProject): () => void {
  const dir = mkdtempSync(join(tmpdir(), "feedgate-tarballs-"));
  project.provide("packed", packPublishable(dir));
  return () => rmSync(dir, { recursive: true, force: true });
}
