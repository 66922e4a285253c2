import { createFakeClock, type FakeClock } from "../core/clock.js";
import { FaultInjector } from "../core/faults.js";
import { createPrng } from "../core/prng.js";
import { parseJsonBody, type Reply } from "../core/reply.js";
import { type RequestContext, startFakeServer } from "../core/server.js";
import type { FaultControls, RecordedRequest } from "../core/types.js";
import type { RecordedAnswers, Replay } from "../replay/load.js";
import { normaliseKey, presentedKey } from "./auth.js";
import { DEMO_MODELS, distribute } from "./distributor.js";
import {
  gatewayError,
  noRoute,
  relayError,
  statusFaultReply,
  unauthorized,
  webRateLimited,
} from "./envelopes.js";
import { type FinalError, finalErrorReply } from "./final-errors.js";
import { GatewayIds } from "./ids.js";
import { EDIT_PATH, ImagesFake, mockFileReply, type TaskScript } from "./images.js";
import { countMessageTokens, GeminiFake } from "./native.js";
import { ResponsesFake } from "./responses.js";
import { familyOf, GATEWAY_ROUTES, type GatewayRoute, matchGatewayRoute } from "./routes.js";
import { SSE_HEADERS, type StreamScript } from "./sse.js";
import { upstreamBody } from "./upstream.js";
import { type WebRateLimit, WebRateLimiter } from "./web-limiter.js";

export type { FinalError, StreamScript, TaskScript, WebRateLimit };
export { DEMO_MODELS };

/**
 * The operations the gateway's source does not register (router/relay-router.go:88-106: only
 * `POST /v1/responses`, `/v1/responses/compact` and `POST /v1/messages`): the fake's default `unrouted`.
 */
export const UNROUTED_IN_SOURCE: readonly GatewayRoute[] = [
  "retrieveResponse",
  "deleteResponse",
  "cancelResponse",
  "countResponseInputTokens",
  "countMessageTokens",
];

/** The default key of the gateway fake. */
export const DEFAULT_FAKE_API_KEY = "sk-fake-0123456789";

/** Options of `startGatewayFake`; every one has a default. */
export interface GatewayFakeOptions {
  /** Port on 127.0.0.1. Default: 0, a free port (read the actual one from `url`). */
  port?: number | undefined;
  /** Service time (ids, `created_at`). Default: a new {@link createFakeClock}. */
  clock?: FakeClock | undefined;
  /** Seed of the PRNG behind fault probabilities and ids. Default 1. */
  seed?: number | undefined;
  /** The one key the fake accepts (a leading `sk-` is optional, as on the gateway). Default `"sk-fake-0123456789"`. */
  apiKey?: string | undefined;
  /**
   * Operations answered as the gateway answers a route it does not register: the NoRoute 404
   * `{"error":{"message":"Invalid URL (<METHOD> <path>)","type":"invalid_request_error","param":"","code":""}}`
   * with `Cache-Control: max-age=604800`, no credential checked, behind the web limiter.
   * Default {@link UNROUTED_IN_SOURCE} (retrieve, delete, cancel, input_tokens, count_tokens), as
   * the source; pass `[]` to route every operation (a gateway that added them: `feedgate demo` does).
   * An operation routed this way answers as the OpenAI / Anthropic API would; the token counts check a model
   * they name as create does, retrieve / delete / cancel check none.
   */
  unrouted?: readonly GatewayRoute[] | undefined;
  /**
   * Models a channel serves; any other model gets 503 `model_not_found` "No available channel for
   * model X under group default (distributor)". `"any"`: every model. Default {@link DEMO_MODELS}.
   */
  models?: readonly string[] | "any" | undefined;
  /**
   * More keys the fake accepts, each restricted to a model list (the token's model limit): any other
   * model gets 403 `This token has no access to model X`, the image-task poll 403 for model `""`, and
   * compact is checked as `<model>-openai-compact`. Keys are compared without a leading `sk-`. Default: none.
   */
  restrictedKeys?: Readonly<Record<string, readonly string[]>> | undefined;
  /**
   * Body pass-through (the operator's global or channel setting): when false, only the keys of the
   * gateway's request structs reach the upstream (images' `images`, `aspect_ratio`, `resolution`,
   * a Responses `background`… are dropped); see `upstream`. Default false, as the source.
   */
  passThrough?: boolean | undefined;
  /**
   * `PingIntervalEnabled`: a stream's SSE headers are sent before the upstream answers, and with
   * pings a `: PING` comment commits HTTP 200; an upstream error (a non-429 `status` fault) then
   * arrives as a raw JSON line in that 200 stream. Without pings (default) it arrives as the JSON
   * error body under `Content-Type: text/event-stream`, with its status. Only this error case is
   * modelled: successful streams carry no `: PING` comments. Default false.
   */
  pings?: boolean | undefined;
  /**
   * GlobalWebRateLimit on unrouted paths: after `requests` NoRoute answers within `windowMs` (fake
   * clock) per client (the `X-Forwarded-For` header, else 127.0.0.1), a 429 with an empty body.
   * `false`: no limit. Default `{ requests: 60, windowMs: 180_000 }`.
   */
  webRateLimit?: WebRateLimit | false | undefined;
  /**
   * The largest request body read (standing in for the gateway's `MAX_REQUEST_BODY_MB` = 128):
   * over it, JSON routes answer 400 `Invalid request: …` and the Gemini routes 413
   * `read_request_body_failed`. Default 16 MiB.
   */
  maxBodyBytes?: number | undefined;
  /**
   * A node with FRONTEND_BASE_URL set: every unrouted path (including `unrouted` operations)
   * answers 301 to this origin instead of the 404 (router/main.go:29-31). Default: none.
   */
  consoleOrigin?: string | undefined;
  /**
   * Behave like stock new-api: ignore `?async=true` and answer image generation with the image
   * result (the fork's task routes still work for tasks a script creates). Default false.
   */
  ignoreAsync?: boolean | undefined;
  /**
   * Recorded answers ({@link loadReplay} of a HAR file): a request the recording holds gets its
   * recorded answer, any other the fake's own. Default: none.
   */
  replay?: Replay | undefined;
}

/** A running fake of the model gateway, with scripted streams and image tasks, faults and a clock. */
export interface GatewayFake {
  /** `http://127.0.0.1:PORT`: give it to `createGatewayClient({ baseUrl: fake.url, apiKey: fake.apiKey })`. */
  readonly url: string;
  /** The one key the fake accepts. */
  readonly apiKey: string;
  /** The fake's clock (ids, `created_at`). */
  readonly clock: FakeClock;
  /** Every request, in arrival order (headers kept as sent, the fake key included). */
  readonly requests: RecordedRequest<GatewayRoute>[];
  /** The bodies that reached the "upstream", in order: after the distributor, filtered unless `passThrough`. */
  readonly upstream: UpstreamRequest[];
  /**
   * The next request (of `route`, or any routed one) that passes the distributor is answered with
   * this final error instead: what the relay answers for `convert_request_failed`,
   * `sensitive_words_detected`, `count_token_failed`, the fork's `task_id is empty`, ….
   */
  scriptError(error: FinalError): void;
  /** Fault injection on the fake's routes. */
  faults: FaultControls<GatewayRoute>;
  /** Image tasks: script how the next ones run. */
  images: {
    /** The next async submission(s) — and sync calls when `syncAnswersTask` — create a task that runs for `polls` GETs, then ends. */
    scriptTask(script: TaskScript): void;
    /** Ids of the tasks created so far. */
    taskIds(): string[];
  };
  /** Responses: script the next stream. */
  responses: {
    /** The next streaming create replays this script (events or a transcript; stall or error after N events). */
    scriptStream(script: StreamScript): void;
  };
  /** Gemini routes: script the next stream. */
  gemini: {
    /** The next streamGenerateContent replays this script (`events` are the data payloads). */
    scriptStream(script: StreamScript): void;
  };
  /** Stops the server and closes its connections. */
  close(): Promise<void>;
}

/** One body that reached the upstream. */
export interface UpstreamRequest {
  /** The operation. */
  route: GatewayRoute;
  /** The model the distributor selected a channel for. */
  model: string;
  /** The JSON body as forwarded. */
  body: Record<string, unknown>;
}

type Ctx = RequestContext<GatewayRoute>;

/** Whether a routed request asks for a stream (the gateway's SSE headers go out before the upstream answers). */
function isStreaming(route: GatewayRoute | undefined, ctx: Ctx): boolean {
  if (route === "streamGenerateContent") return true;
  if (route === "generateContent") return ctx.url.searchParams.get("alt") === "sse";
  return route === "createResponse" && parseJsonBody(ctx.body)?.["stream"] === true;
}

/** Starts the gateway fake on 127.0.0.1 (free port). Close it with `close()`. */
export async function startGatewayFake(options: GatewayFakeOptions = {}): Promise<GatewayFake> {
  const clock = options.clock ?? createFakeClock();
  const seed = options.seed ?? 1;
  const apiKey = options.apiKey ?? DEFAULT_FAKE_API_KEY;
  const faults = new FaultInjector(createPrng(seed), GATEWAY_ROUTES);
  const ids = new GatewayIds(createPrng(seed ^ 0x9a7e), clock);
  const responses = new ResponsesFake(ids, clock);
  const images = new ImagesFake(ids, clock, options.ignoreAsync === true);
  const gemini = new GeminiFake(ids);
  const unrouted = new Set(options.unrouted ?? UNROUTED_IN_SOURCE);
  const served = options.models ?? DEMO_MODELS;
  const restricted = new Map(
    Object.entries(options.restrictedKeys ?? {}).map(([key, models]) => [
      normaliseKey(key),
      models,
    ]),
  );
  const limiter =
    options.webRateLimit === false ? undefined : new WebRateLimiter(clock, options.webRateLimit);
  const upstream: UpstreamRequest[] = [];
  const maxBodyBytes = options.maxBodyBytes ?? 16 * 1024 * 1024;
  const finalErrors: FinalError[] = [];
  /** The request's id, drawn when its answer is made; kept on its record. */
  const requestId = (ctx: Ctx) => (ctx.record.requestId ??= ids.requestId());

  /** What the upstream answers, per route, to a request that reached it. */
  const relay: Record<GatewayRoute, (ctx: Ctx, param: string, body: string) => Reply> = {
    createResponse: (ctx, _, body) => responses.create(body, requestId(ctx)),
    retrieveResponse: (ctx, id) => responses.retrieve(id, ctx.url.searchParams),
    deleteResponse: (_, id) => responses.delete(id),
    cancelResponse: (_, id) => responses.cancel(id),
    countResponseInputTokens: (_, __, body) => responses.inputTokens(body),
    compactResponse: (ctx, _, body) => responses.compact(body, requestId(ctx)),
    createImage: (ctx, _, body) => images.create(body, ctx.url.searchParams, requestId(ctx)),
    getImageTask: (_, id) => images.get(id),
    // The source checks no anthropic-version.
    countMessageTokens: (_, __, body) => countMessageTokens(body),
    generateContent: (ctx, model, body) =>
      ctx.url.searchParams.get("alt") === "sse"
        ? gemini.stream(model, body, requestId(ctx))
        : gemini.generate(model, body, requestId(ctx)),
    streamGenerateContent: (ctx, model, body) => gemini.stream(model, body, requestId(ctx)),
  };

  const handle = (ctx: Ctx): Reply => {
    const matched = matchGatewayRoute(ctx.method, ctx.path);
    // Edits are routed (multipart, sync only: relay/image_handler.go:87), but no operation of the document.
    const edit = ctx.method === "POST" && ctx.path === EDIT_PATH;
    if (!matched && !edit) {
      const file = mockFileReply(ctx.method, ctx.path);
      if (file) return file;
    }
    // NoRoute runs behind the engine middleware only: the web limiter, the cache header, no credential check.
    if (!edit && (!matched || unrouted.has(matched.route))) {
      if (limiter && !limiter.admit(ctx.record.headers["x-forwarded-for"] ?? "127.0.0.1"))
        return webRateLimited();
      if (options.consoleOrigin !== undefined)
        return {
          status: 301,
          headers: { location: new URL(ctx.path, options.consoleOrigin).href },
          body: "",
        };
      return noRoute(ctx.method, ctx.path);
    }
    const key = presentedKey(ctx.path, ctx.url.searchParams, ctx.headers);
    const keyModels = key === undefined ? undefined : restricted.get(key);
    if (key === undefined || (key !== normaliseKey(apiKey) && keyModels === undefined))
      return unauthorized(requestId(ctx));
    if (edit || !matched) return images.edit(ctx.body, requestId(ctx));
    const param = matched.param ?? "";
    const { route } = matched;
    // Retrieve, delete and cancel (routed by opt-in only) carry no model: answered without the distributor.
    // The token counts (also opt-in) check a model they name, as create does.
    const counts = route === "countResponseInputTokens" || route === "countMessageTokens";
    if (
      route === "retrieveResponse" ||
      route === "deleteResponse" ||
      route === "cancelResponse" ||
      (counts && !parseJsonBody(ctx.body)?.["model"])
    )
      return relay[route](ctx, param, ctx.body);
    const distributed = distribute({
      route,
      pathModel: matched.param,
      headers: ctx.headers,
      body: ctx.body,
      keyModels,
      served,
      requestId: requestId(ctx),
    });
    if ("refusal" in distributed) return distributed.refusal;
    const finalIndex = finalErrors.findIndex(
      (error) => error.route === undefined || error.route === route,
    );
    const [final] = finalIndex >= 0 ? finalErrors.splice(finalIndex, 1) : [];
    if (final) return finalErrorReply(final, requestId(ctx), ctx.path);
    const request = parseJsonBody(ctx.body);
    let body = ctx.body;
    if (request) {
      const forwarded = upstreamBody(route, request, options.passThrough === true);
      upstream.push({ route, model: distributed.model, body: forwarded });
      body = JSON.stringify(forwarded);
    }
    return relay[route](ctx, param, body);
  };

  /** A status fault on a streaming request that reached the upstream: SSE headers first (relay/channel/api_request.go:499-510). */
  const streamedFault = (reply: Reply): Reply => {
    const json = typeof reply.body === "string" ? reply.body : "";
    if (options.pings === true)
      return { status: 200, headers: { ...SSE_HEADERS }, stream: { chunks: [": PING\n\n", json] } };
    return { ...reply, headers: { ...reply.headers, "content-type": SSE_HEADERS["content-type"] } };
  };

  const server = await startFakeServer<GatewayRoute>({
    clock,
    faults,
    ...(options.port === undefined ? {} : { port: options.port }),
    replay: options.replay as RecordedAnswers | undefined,
    route: (method, path) => matchGatewayRoute(method, path)?.route,
    handle,
    statusFault(fault, ctx) {
      const reply = statusFaultReply(familyOf(ctx.route, ctx.path), fault, requestId(ctx));
      // A 429 is the limiter's, before any stream starts; other statuses stand for the upstream's answer.
      return fault.status !== 429 && isStreaming(ctx.route, ctx) ? streamedFault(reply) : reply;
    },
    maxBodyBytes,
    oversized(ctx) {
      const family = familyOf(ctx.route, ctx.path);
      const message = `request body exceeds ${Math.round(maxBodyBytes / 1024 / 1024)} MB`;
      // 413 only on the Gemini routes (controller/relay.go:110-112); the distributor reads JSON bodies first: 400.
      if (family === "google")
        return relayError(413, "read_request_body_failed", message, requestId(ctx));
      return gatewayError(400, `Invalid request: Invalid request: ${message}`, "", requestId(ctx));
    },
    internalError: (ctx) =>
      gatewayError(500, "the gateway fake failed", "internal_error", requestId(ctx)),
    decorate(reply, ctx) {
      reply.headers["x-oneapi-request-id"] = requestId(ctx);
    },
  });

  images.origin = server.url.replace(/\/+$/, "");
  return {
    url: server.url,
    apiKey,
    clock,
    requests: server.requests,
    upstream,
    scriptError: (error) => void finalErrors.push(error),
    faults,
    images: {
      scriptTask: (script) => images.scriptTask(script),
      taskIds: () => [...images.tasks.keys()],
    },
    responses: { scriptStream: (script) => responses.scriptStream(script) },
    gemini: { scriptStream: (script) => gemini.scriptStream(script) },
    close: () => server.close(),
  };
}
