import { fromRoot, startPrism } from "@feedgate/test-harness";
import type { TestProject } from "vitest/node";

// One Prism mock of the bundled gateway document for the whole run (in-process, free port).
export default async function setup(project: TestProject) {
  const prism = await startPrism({ spec: fromRoot("specs/gateway/dist/openapi.json") });
  project.provide("prismUrl", prism.url);
  return () => prism.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    prismUrl: string;
  }
}
