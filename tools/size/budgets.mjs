// Size budgets of the published entry points: minified + gzipped, 1 kB = 1000 bytes,
// dependencies (openapi-fetch, eventsource-parser, ...) bundled in. `pnpm size` measures
// them with size-limit (.size-limit.mjs). Every entry point of every publishable package
// must appear in exactly one of the two tables below, so a new one cannot slip through.

// The feed client's rule table (`/rules`, its own budget below) counts as the client's: the kit's
// validation, typed calls and mirror read it instead of carrying hand-typed copies.
const CLIENTS = [
  "@feedgate/feed-client",
  "@feedgate/feed-client/rules",
  "@feedgate/gateway-client",
];

/**
 * `onTopOf`: measured without the modules those entry points already bring, i.e. what this
 * entry point adds for a user who has them. The kit's budgets exclude the two clients,
 * which have their own (their sum, 11 kB, is already more than the kit core's 8 kB); its
 * subpath entry points also exclude the kit's main entry, and `@feedgate/kit/node` the mirror.
 * `goal`, where present, is the budget the project set and does not meet yet: `limit` is then a
 * ceiling at today's size, so the run still fails on any growth, and `pnpm size` prints the
 * gap and `why` on every run until the goal is met and the two are one again.
 * @type {Record<string, { limit: string, goal?: string, why?: string, platform?: "browser" | "node", onTopOf?: string[] }>}
 */
export const BUDGETS = {
  "@feedgate/feed-client": {
    // 3.93 → 9.87 kB (measured) when issue 13 made retries, timeouts and body caps the default:
    // every call now goes through @feedgate/core's transport (resilient-fetch, buffered answers,
    // retry policy, Retry-After parsing, logger: 4.6 kB) and the error family (1 kB). 9.92 → 10.1 kB
    // with issue 20's one table of final answers and the errors' `taskId` field in core. 10.53 kB
    // with issue 24's run-time check of option names (a ConfigError naming the option meant) and
    // bad environment values reported under the variable's name.
    // 10.63 kB once issue 24 (option-name checks, environment settings) met issue 25 (timelineTime) in one build.
    // 10.65 → 10.48 kB (measured, issue 22): core's transport lost the gateway's routes and codes
    // (now the gateway client's hook), and redirect following is core's `followRedirects`, which
    // the feed client does not import.
    // 10.49 → 10.47 kB (measured, issue 23): no openapi-fetch middleware of its own, core's trims.
    // 10.48 kB (measured, issue 31): the retry hook is told the headers' wait.
    // 10.48 → 10.55 kB (measured, issue 34): the 0.1.0 names back as deprecated aliases
    // (`readProblem`, `isFeedClientConfigError`) for one minor; they go with the next one.
    limit: "10.56 kB",
    goal: "4 kB",
    why:
      "Measured per module (tools/size/why.mjs): openapi-fetch 2.6 kB, core 6.4 kB (the transport " +
      "2.6, errors 0.85, the buffered answer 0.65, checks 0.4, time, meta, logger, Retry-After, " +
      "secrets, content, retry policy, env 0.15–0.3 each), the client's own 1.2 kB (factory and " +
      "checks 0.8, the feed's retry hook 0.3). Issue 23's 6 kB (and this 4 kB) would take both a transport about half " +
      "as large and the client off openapi-fetch, whose client type (`Client<paths>`) is the feed " +
      "client's public API; retries opt-in (issue 13 ruled that out) would also do it.",
  },
  // The shared base on its own: the error family, transport, backoff, env and metadata (measured 7.16 kB
  // once the Cache-Control parser moved here from the kit, so the transport and the kit share one;
  // 7.34 kB with issue 20's table of final answers, read by both the retry rule and isTransientError).
  // 7.42 kB with serverWaitMs, the one ceiling of a server-asked wait in every loop (issue 21).
  // Issue 24 (measured 7.42 → 7.76 kB): the run-time check of option names (`checkOptionNames`,
  // a ConfigError naming the option meant) and the deprecated `ResponseMeta.retries` (kept for
  // one minor).
  // Issue 22 (measured 7.81 → 8.0 kB): the redirect follower moved here from the gateway client
  // (redirects inside the attempt loop), the retry policy as data with its hook, one redaction
  // (`redact`, `secretForms`), less the gateway's routes and codes, which left for its client.
  // Issue 23 (measured 8.0 → 7.983 kB): dead code out of the buffered answer (TooLarge's unused
  // limit and message), its readers by name; the early abort check moved into each attempt.
  // Issue 31 (measured 8.0 kB): the retry hook is told the headers' wait (`headerWaitMs`).
  // Issue 33 (measured 8.21 kB): `checkBaseUrl` moved here from the two clients (which carry it
  // once, within their budgets), and timeouts that end the wait in the transport itself.
  // 8.23 kB with issues 31, 33, 34 and 35 in one build (measured).
  "@feedgate/core": { limit: "8.23 kB" },
  // The error family alone, as the clients re-export it (measured 1.12 kB; 1.29 kB once
  // isTransientError reads the table of final answers, issue 20).
  "@feedgate/core/errors": { limit: "1.3 kB" },
  // The one rule for printing third-party text (issue 22): escape sequences and control characters
  // removed, for the CLI, the MCP server and the tools. Its own entry point, so no client carries
  // it (measured 0.31 kB; 0.338 kB with issue 33's invisible characters: tags, zero-width, BOM).
  // 0.556 kB (measured, issue 33) with `redact` and `secretForms`: what the CLI's start and the MCP
  // server print through, without loading the transport.
  "@feedgate/core/terminal": { limit: "0.56 kB" },
  // The environment names and the feed's origin (issue 32, measured 0.287 kB): what the CLI's start reads, without
  // the transport.
  "@feedgate/core/env": { limit: "0.3 kB" },
  "@feedgate/gateway-client": {
    // 9.16 → 10.9 kB with the body, line and event caps, key checks and redaction of issue 11 and
    // the source-faithful error classes, shape checks and submit union of issue 12. Issue 13 puts
    // the client on @feedgate/core (measured: 10.9 → 15.9 kB) and moves the stream collectors
    // (/collect) and the eight image workflows (/images) behind their own entry points. Issue 20
    // (measured 15.9 → 17.05 kB): truncated-stream detection, typed errors from raw JSON lines in a
    // 200 stream, the unrouted-operation memory, explained final answers, task ids, logger options.
    // 17.15 kB with the typed error of an HTTP 200 `{"error":…}` (N13); 17.28 kB (issue 23) with the
    // stream's size guard scanning with indexOf and one idle timer per stream (decoding 2.4–3.3× openai).
    // Issue 24 (about +1.1 kB): the 0.1.0 names kept for one minor as deprecated aliases, the root's
    // collectors among them (about 0.8 kB, gone with them), the run-time check of option names and
    // bad environment values reported under the variable's name (about 0.35 kB).
    // Issue 22 (measured 18.55 → 18.98 kB): one operations table (method, path, credential,
    // retry class, shape check per operation, with the matcher that tells a request's operation),
    // the retry hook and the credentials middleware; the gateway's codes and Gemini's retryDelay
    // moved here from core; its own redirect layer went to core's follower.
    // Issue 23 (measured 19.0 → 17.041 kB): the helpers build their requests themselves (`request.ts`,
    // +0.5 kB) and the openapi-fetch client moved to `@feedgate/gateway-client/raw` (-2.5 kB).
    // Issue 31 (measured 17.66 kB): relayed answers told from the gateway's own (NoRoute, 401/403,
    // async 404), their explanations, the image answers' raised body cap, no Content-Type on GETs;
    // 17.85 kB with a non-stream answer sent as an event stream folded into one (M11); 17.86 kB
    // with no retry of an empty 429 on a maybe-unrouted operation (N3).
    // Issue 34 (measured 18.33 kB): the 0.1.0 names back for one minor as deprecated aliases, the
    // eight workflows on `gateway.images` and `buildImageRequest` at the root bring the workflows'
    // module (0.43 kB) into the main entry; it leaves again with them in the next minor.
    // 18.43 kB with issues 31, 33, 34 and 35 in one build (measured; core's shared checks).
    // Issue 32 (measured 18.42 → 17.03 kB): the 0.1.0 aliases gone in 0.3 as announced (the
    // root's collectors, the workflows on `gateway.images`, the raised-errors set).
    limit: "17.03 kB",
    goal: "7 kB",
    why:
      "Measured per module (tools/size/why.mjs): core is 6.7 kB of it (the transport 2.5, errors 0.8, " +
      "the buffered answer 0.65, checks, redirects, time, meta, logger, Retry-After, secrets 0.2–0.4 " +
      "each), eventsource-parser 1.3 kB, and the client's own code 7.7 kB (the caller 1.45, the factory " +
      "1.2, the stream 1.0, the operations table 0.8, its request " +
      "builder 0.5, envelopes, codes, decoders, limits, explanations 0.3–0.45 each). Issue 23's 10 kB " +
      "would take a transport " +
      "about half as large, and the explained " +
      "final answers' long messages shortened.",
  },
  // The rule tables generated from each document (issue 13): their own entry points, so the
  // clients' bundles do not carry them. Measured 1.16 kB (feed) and 2.44 kB (gateway: 11
  // operations and 46 schema enums), with no room to grow but a spec change's.
  "@feedgate/feed-client/rules": { limit: "1.2 kB" },
  "@feedgate/gateway-client/rules": { limit: "2.5 kB" },
  // What the subpath entry points add on top of the main one.
  // 0.88 → 1.24 kB (issue 21): collectors bounded in events and text (CollectOptions, checked).
  // 1.25 → 1.83 kB (measured, issue 25): contentImages / streamContentImages decode a
  // generateContent answer's inline images (base64 with web-standard APIs, size-capped).
  // 1.97 kB (measured, issue 32) once the root no longer carries the collectors itself.
  "@feedgate/gateway-client/collect": { limit: "1.97 kB", onTopOf: ["@feedgate/gateway-client"] },
  "@feedgate/gateway-client/images": { limit: "0.9 kB", onTopOf: ["@feedgate/gateway-client"] },
  // Issue 23: `rawClient`, the typed openapi-fetch client of any path, moved here from the main
  // entry's `GatewayClient.raw`, so the helpers' bundle no longer carries openapi-fetch (2.6 kB)
  // nor the credentials middleware (measured 2.98 kB on top of the main entry).
  "@feedgate/gateway-client/raw": { limit: "3 kB", onTopOf: ["@feedgate/gateway-client"] },
  // The kit's main entry re-exports core, which the clients already bring (measured 0.46 kB),
  // and, for one minor, the 0.1.0 converters `fromFeedProblem` and `fromGatewayError` as
  // deprecated aliases (issue 34; measured 0.61 kB).
  "@feedgate/kit": { limit: "0.62 kB", onTopOf: CLIENTS },
  // The kit's other entry points, each measured on top of the clients and the kit's main entry
  // (what it adds for a user who has them). Set at their compacted sizes, with no room to grow.
  // Raised for the guards against hostile servers (issue 11), measured: /feed 6.32 → 7.30 kB
  // (answer-shape checks, cursor-loop guard, poll floor and interval notice, head items after a
  // restart, the resets window), /mirror 4.23 → 4.71 kB (loop guard per phase, floor, logger),
  // then 4.98 kB with the stores' filtered, paged `iterate` (issue 16).
  // 7.4 → 8.28 kB (measured, issue 25): watchStory (a story revalidated through its merges),
  // watchDailies (the archive's own schedule), conditional typed calls and the "did you mean" hint
  // of open parameters (the edit distance behind it), ordering by the 72-hour back-fill rule.
  // 8.34 kB with issue 24's option-name check on top of issue 25's watchers.
  // 8.4 → 8.58 kB (measured, issue 22): the pollers and daily watchers run on the kit's one
  // wait-and-retry loop (`waitLoop`, shared with the mirror's follow and image-task polling) and
  // pagination on the one cursor-loop guard; the generic loop costs more than the inline copies.
  // 8.57 → 9.32 kB (measured, issue 23): the paginator's two fast paths, about 3% of a paged
  // walk's time — the service's times read digit by digit instead of by Date.parse (two an item)
  // and an item already fetched handed out as one resolved promise instead of an async
  // generator's resumption. 9.36 kB with the paginator's memory of the ids a page already gave
  // (a server repeating an id within one page no longer has it yielded twice).
  // 9.36 → 9.63 kB (measured 9.622 kB, issue 35): the one cadence table (FEED_CADENCE, with its
  // next-poll rule and the Shanghai check times moved in from the daily watcher), the story id
  // rule (STORY_ID_PATTERN, storyPublicIdOf) and the story watcher's 404 tolerance.
  "@feedgate/kit/feed": { limit: "9.66 kB", onTopOf: [...CLIENTS, "@feedgate/kit"] },
  // 4.98 → 6.91 kB (measured, issue 13): the mirror now sends through the kit's caller, so it
  // brings the spec-driven validation and answer-shape checks the feed kit has (its own retry
  // loop, 0.3 kB, is gone).
  // 7 → 7.38 kB (measured, issue 25): the caller's "did you mean" hint of open parameters.
  // 7.46 kB with issue 24's option-name check on top of issue 25.
  // 7.5 → 7.78 kB (measured, issue 22): split into options, sync and follow modules, follow on
  // the shared `waitLoop`, the snapshot and ledger on the shared cursor guard, and the `clock`
  // option (a dated Retry-After counted from the injected now).
  // 7.8 → 7.89 kB (measured 7.881 kB, issue 35): `follow` reads the selected changes' cadence from the
  // kit's one table (FEED_CADENCE) instead of a number of its own.
  // Issue 33: items nested too deep skipped and said, cursors the kit could not send back
  // refused, an unknown op quoted by an excerpt (+0.26 kB).
  "@feedgate/kit/mirror": { limit: "8.17 kB", onTopOf: [...CLIENTS, "@feedgate/kit"] },
  // 1.99 → 2.12 kB (issue 20): every failure after a submission carries the billed task's id.
  // 2.15 → 2.33 kB (measured, issue 22): task polling runs on the kit's one wait-and-retry loop
  // (`waitLoop`, with its floor and Retry-After rule) instead of a hand-written one.
  // 2.65 kB (measured, issue 31): every submission polled, one synchronous fallback, tasks without
  // images or named by a synchronous answer as errors, failure detail of any shape, images capped at n.
  "@feedgate/kit/images": { limit: "2.7 kB", onTopOf: [...CLIENTS, "@feedgate/kit"] },
  "@feedgate/kit/node": {
    limit: "4 kB",
    platform: "node",
    onTopOf: [...CLIENTS, "@feedgate/kit", "@feedgate/kit/mirror"],
  },
};

/** Entry points that never end up in an application bundle, with the reason. */
export const UNMEASURED = {
  "@feedgate/mock": "fake servers on node:http, for tests",
  feedgate: "the command-line program",
  "@feedgate/postgres":
    "Node-only: a PostgreSQL store and fleet for servers, never in an application bundle",
  "@feedgate/mcp":
    "Node-only: an MCP server run by `feedgate mcp` or a host process, never in an application bundle",
};
