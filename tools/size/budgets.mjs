// Size budgets of the published entry points: minified + gzipped, 1 kB = 1000 bytes,
// dependencies (openapi-fetch, eventsource-parser, ...) bundled in. `pnpm size` measures
// them with size-limit (.size-limit.mjs). Every entry point of every publishable package
// must appear in exactly one of the two tables below, so a new one cannot slip through.

const CLIENTS = ["@feedgate/feed-client", "@feedgate/gateway-client"];

/**
 * `onTopOf`: measured without the modules those entry points already bring, i.e. what this
 * entry point adds for a user who has them. The kit's budgets exclude the two clients,
 * which have their own (their sum, 11 kB, is already more than the kit core's 8 kB).
 * @type {Record<string, { limit: string, platform?: "browser" | "node", onTopOf?: string[] }>}
 */
export const BUDGETS = {
  "@feedgate/feed-client": { limit: "4 kB" },
  "@feedgate/gateway-client": { limit: "7 kB" },
  "@feedgate/kit": { limit: "8 kB", onTopOf: CLIENTS },
  "@feedgate/kit/node": { limit: "4 kB", platform: "node", onTopOf: [...CLIENTS, "@feedgate/kit"] },
};

/** Entry points that never end up in an application bundle, with the reason. */
export const UNMEASURED = {
  "@feedgate/mock": "fake servers on node:http, for tests",
  feedgate: "the command-line program",
};
