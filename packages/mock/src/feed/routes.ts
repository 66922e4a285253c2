import { FEED_RULES } from "@feedgate/feed-client/rules";
import { type RouteMatch, routerOf } from "../core/routes.js";
import type { DocumentFeedRoute } from "../core/types.js";

/** The feed's operations, from the document's generated rule table. */
export const FEED_OPERATIONS = FEED_RULES.operations;

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
