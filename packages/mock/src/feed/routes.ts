import { FEED_RULES } from "@feedgate/feed-client/rules";
import { type RouteMatch, routerOf } from "../core/routes.js";

/** The feed's operations, from the document's generated rule table. */
export const FEED_OPERATIONS = FEED_RULES.operations;

/** The feed document's operations, by operationId (through its generated rule table). */
export type DocumentFeedRoute = keyof typeof FEED_OPERATIONS;

/** Every feed operation, in the rule table's (alphabetical) order. */
export const FEED_ROUTES = Object.keys(FEED_OPERATIONS) as readonly DocumentFeedRoute[];

const router = routerOf<DocumentFeedRoute>(FEED_OPERATIONS);

/** Which feed operation a path is (any method; the handler answers 405 for writes), with its raw path parameters. */
export function feedRoute(path: string): RouteMatch<DocumentFeedRoute> | undefined {
  return router(undefined, path);
}

/** The prefix every operation's path shares (`/api/v1`): the API's own namespace. */
export const API_PREFIX = Object.values(FEED_OPERATIONS)
  .map(({ path }): string => path)
  .reduce((prefix, path) => {
    while (!`${path}/`.startsWith(`${prefix}/`)) prefix = prefix.slice(0, prefix.lastIndexOf("/"));
    return prefix;
  });
