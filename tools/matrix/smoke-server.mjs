// A small server on 127.0.0.1 that answers the few calls the smoke scripts make, the way
// the feed service and the gateway would (spec examples), and serves the browser page.
import { createServer } from "node:http";

export const SMOKE_API_KEY = "smoke-key-0123456789";
const HOT_TOPICS_ETAG = 'W/"smoke-hot-topics-1"';

function send(res, status, headers, body = "") {
  res.writeHead(status, headers);
  res.end(body);
}

function json(res, status, body, type = "application/json") {
  send(
    res,
    status,
    { "content-type": type, "x-request-id": "smoke-request-1" },
    JSON.stringify(body),
  );
}

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * @param {{ bodies: Record<string, any>, expected: Record<string, unknown> }} examples  from loadExamples()
 * @param {Record<string, { type: string, body: string | Buffer }>} [files]  extra static files by path
 */
export async function startSmokeServer(examples, files = {}) {
  const { bodies, expected } = examples;
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? "/", "http://smoke");
    const route = `${req.method} ${url.pathname}`;
    if (url.pathname.startsWith("/api/v1/") && (req.headers.authorization || req.headers.cookie)) {
      // The feed is anonymous: a client that sends credentials there fails its smoke test.
      return json(res, 400, { code: "credentials_sent_to_feed" }, "application/problem+json");
    }
    if (route === "GET /smoke/expected.json")
      return json(res, 200, { ...expected, apiKey: SMOKE_API_KEY });
    if (req.method === "GET" && files[url.pathname])
      return send(res, 200, { "content-type": files[url.pathname].type }, files[url.pathname].body);
    if (route === "GET /api/v1/hot-topics") {
      if (req.headers["if-none-match"] === HOT_TOPICS_ETAG)
        return send(res, 304, { etag: HOT_TOPICS_ETAG });
      return send(
        res,
        200,
        {
          "content-type": "application/json",
          etag: HOT_TOPICS_ETAG,
          "cache-control": "public, max-age=60, s-maxage=60",
        },
        JSON.stringify(bodies.hotTopics),
      );
    }
    if (req.method === "GET" && url.pathname.startsWith("/api/v1/stories/"))
      return json(res, 404, bodies.storyNotFound, "application/problem+json");
    if (route === "POST /v1/responses") {
      const request = JSON.parse((await readBody(req)) || "{}");
      if (req.headers.authorization !== `Bearer ${SMOKE_API_KEY}`)
        return json(res, 401, bodies.unauthorized);
      if (request.stream === true)
        return send(
          res,
          200,
          { "content-type": "text/event-stream", "cache-control": "no-cache" },
          bodies.responseStream,
        );
      return json(res, 200, bodies.response);
    }
    return json(res, 404, { error: `the smoke server does not answer ${route}` });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = /** @type {import("node:net").AddressInfo} */ (server.address());
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
