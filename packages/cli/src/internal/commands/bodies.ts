import type { Body } from "../cli/runner.js";

/**
 * The module of each command's body, by the command's path (`mirror ls`), loaded only when it
 * runs (the fake servers of mock and demo too). Apart from the declarations (`index.ts`,
 * `reads.ts`), whose types the bodies read.
 */
const MODULES: Readonly<Record<string, () => Promise<object>>> = {
  hot: () => import("./hot-run.js"),
  items: () => import("./items-run.js"),
  story: () => import("./story-run.js"),
  daily: () => import("./daily-run.js"),
  dailies: () => import("./daily-run.js"),
  resets: () => import("./resets-run.js"),
  mirror: () => import("./mirror-run.js"),
  fleet: () => import("./fleet-run.js"),
  image: () => import("./image-run.js"),
  respond: () => import("./prompt-run.js"),
  generate: () => import("./prompt-run.js"),
  tokens: () => import("./tokens-run.js"),
  mcp: () => import("./mcp-run.js"),
  mock: () => import("../demo/mock-run.js"),
  record: () => import("./record-run.js"),
  check: () => import("./check-run.js"),
  demo: () => import("../demo/run.js"),
  "mirror ls": () => import("./mirror-read-run.js"),
  "mirror show": () => import("./mirror-read-run.js"),
  "mirror export": () => import("./mirror-read-run.js"),
};

/** A command's body: its module's `run` export named after the path (`mirror ls` → `runMirrorLs`). */
export function bodyOf(path: string): (() => Promise<Body>) | undefined {
  const load = MODULES[path];
  const name = `run${path.replace(/(?:^| )(\w)/g, (_, c: string) => c.toUpperCase())}`;
  return load && (async () => (await load())[name as keyof object] as Body);
}
