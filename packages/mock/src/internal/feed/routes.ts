import { FEED_RULES } from "@feedgate/feed-client/rules";
import { type RouteMatch, routerOf } from "../core/routes.js";

/** The feed document's operations (its generated rule table), as the fake routes them; the kit exports the same table as `FEED_OPERATIONS`. */
export const DOCUMENT_OPERATIONS = FEED_RULES.operations;

/** The feed document's operations, by operationId (through its generated rule table). */
export type DocumentFeedRoute = keyof typeof DOCUMENT_OPERATIONS;

/** Every feed operation, in the rule table's (alphabetical) order. */
export const FEED_ROUTES = Object.keys(DOCUMENT_OPERATIONS) as readonly DocumentFeedRoute[];

const router = routerOf<DocumentFeedRoute>(DOCUMENT_OPERATIONS);

/** Which feed operation a path is (any method; the handler answers 405 for writes), with its raw path parameters. */
export function feedRoute(path: string): RouteMatch<DocumentFeedRoute> | undefined {
  return router(undefined, path);
}

/** The prefix every operation's path shares (`/api/v1`): the API's own namespace. */
export const API_PREFIX = Object.values(DOCUMENT_OPERATIONS)
  .map(({ path }): string => path)
  .reduce((prefix, path) => {
    while (!`${path}/`.startsWith(`${prefix}/`)) prefix = prefix.slice(0, prefix.lastIndexOf("/"));
    return prefix;
  });
