import { createRequire } from "node:module";
import { loadSpec, type SpecValidator } from "./validator.js";

/** The two services whose documents the client packages ship (`<client>/openapi.json`). */
export type Service = "feed" | "gateway";

const PACKAGES: Record<Service, string> = {
  feed: "@feedgate/feed-client/openapi.json",
  gateway: "@feedgate/gateway-client/openapi.json",
};
const loaded = new Map<Service, SpecValidator>();

/** The validator of a service's document: the exact one its client was generated from. Loaded once. */
export function specOf(service: Service): SpecValidator {
  let spec = loaded.get(service);
  if (!spec) {
    spec = loadSpec(createRequire(import.meta.url).resolve(PACKAGES[service]));
    loaded.set(service, spec);
  }
  return spec;
}

/** The operation of a concrete method and path in a document (a literal path beats a template). */
export function operationAt(spec: SpecValidator, method: string, path: string): string | undefined {
  const candidates = spec
    .operations()
    .filter((o) => o.method === method.toLowerCase())
    .sort((a, b) => a.path.split("{").length - b.path.split("{").length);
  return candidates.find((o) => templateRegExp(o.path).test(path))?.operationId;
}

function templateRegExp(template: string): RegExp {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+");
  return new RegExp(`^${escaped}$`);
}
