import { fromRoot, startPrism } from "@feedgate/test-harness";
import type { TestProject } from "vitest/node";

// One Prism mock of the feed document for the whole run, in-process on a free loopback port.
export default async function setup(project: TestProject) {
  const prism = await startPrism({ spec: fromRoot("specs/feed/dist/openapi-v1.json") });
  project.provide("prismUrl", prism.url);
  return () => prism.close();
}

declare module "vitest" {
  export interface ProvidedContext {
    prismUrl: string;
  }
}
