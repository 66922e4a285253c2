import { createRequire } from "node:module";
import { FEED_RULES } from "@feedgate/feed-client/rules";
import { GATEWAY_RULES } from "@feedgate/gateway-client/rules";
import { routerOf } from "../core/routes.js";
import { loadSpec, type SpecValidator } from "./validator.js";

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

const ROUTERS = {
  feed: routerOf(FEED_RULES.operations),
  gateway: routerOf(GATEWAY_RULES.operations),
};

/** The operationId of a concrete method and path of a service (its generated rule table, as the fakes route). */
export const operationAt = (service: Service, method: string, path: string): string | undefined =>
  ROUTERS[service](method.toUpperCase(), path)?.route;
