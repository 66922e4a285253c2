import { createRequire } from "node:module";
import { loadSpec, type SpecOperation, type SpecValidator } from "./validator.js";

/** The two services whose documents the client packages ship (`<client>/openapi.json`). */
export type Service = "feed" | "gateway";

const loaded = new Map<Service, SpecValidator>();

/** The validator of a service's document: the exact one its client was generated from. Loaded once. */
export function specOf(service: Service): SpecValidator {
  const file = () =>
    createRequire(import.meta.url).resolve(`@feedgate/${service}-client/openapi.json`);
  if (!loaded.has(service)) loaded.set(service, loadSpec(file()));
  return loaded.get(service)!;
}

/** The operation of a concrete method and path in a document (a literal path beats a template). */
export function operationAt(
  spec: SpecValidator,
  method: string,
  path: string,
): SpecOperation | undefined {
  const pattern = (template: string) =>
    new RegExp(`^${template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`);
  return spec
    .operations()
    .filter((o) => o.method === method.toLowerCase())
    .sort((a, b) => a.path.split("{").length - b.path.split("{").length)
    .find((o) => pattern(o.path).test(path));
}
