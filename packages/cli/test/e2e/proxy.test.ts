import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoFakes, startDemoFakes } from "../../src/internal/demo/fakes.js";
import { cliEnv, runBin, TEST_KEY } from "./helpers.js";

let fakes: DemoFakes;
let env: Record<string, string>;
let proxy: Server;
let proxyUrl: string;
/** What went through the proxy: "GET http://…" for a forwarded request, "CONNECT host:port" for a tunnel. */
const seen: string[] = [];

/** A tiny forward proxy on 127.0.0.1: absolute-URI requests for http:// targets, and CONNECT tunnels. */
function startProxy(): Promise<Server> {
  const server = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    const upstream = request(req.url!, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on("error", () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on("connect", (req, client, head) => {
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = (req.url ?? "").split(":");
    const target = connect(Number(port), host!, () => {
      client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
      target.write(head);
      target.pipe(client).on("error", () => client.destroy());
      client.pipe(target).on("error", () => target.destroy());
    });
    target.on("error", () => client.destroy());
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

beforeAll(async () => {
  fakes = await startDemoFakes({ selected: 5, apiKey: TEST_KEY });
  env = cliEnv(fakes);
  proxy = await startProxy();
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});
afterAll(async () => {
  proxy.closeAllConnections();
  await new Promise((resolve) => proxy.close(resolve));
  await fakes.close();
});

const feedHost = () => new URL(fakes.feed!.url).host;
const gatewayHost = () => new URL(fakes.gateway!.url).host;

describe("HTTP_PROXY, HTTPS_PROXY and NO_PROXY are honoured", () => {
  it("feedgate hot goes through HTTP_PROXY", async () => {
    seen.length = 0;
    const result = await runBin(["hot", "--json"], { ...env, HTTP_PROXY: proxyUrl });
    expect(result.code, result.stderr).toBe(0);
    expect(seen.some((line) => line.includes(feedHost()))).toBe(true);
  });

  it("lower-case http_proxy works too, and the gateway's requests go through it", async () => {
    seen.length = 0;
    const result = await runBin(["tokens", "How long is this?"], { ...env, http_proxy: proxyUrl });
    expect(result.code, result.stderr).toBe(0);
    expect(seen.some((line) => line.includes(gatewayHost()))).toBe(true);
  });

  it("NO_PROXY=127.0.0.1 bypasses it", async () => {
    seen.length = 0;
    const feed = await runBin(["hot", "--json"], {
      ...env,
      HTTP_PROXY: proxyUrl,
      NO_PROXY: "127.0.0.1",
    });
    expect(feed.code, feed.stderr).toBe(0);
    const gateway = await runBin(["tokens", "How long is this?"], {
      ...env,
      HTTP_PROXY: proxyUrl,
      NO_PROXY: "127.0.0.1",
    });
    expect(gateway.code, gateway.stderr).toBe(0);
    expect(seen).toEqual([]);
  });

  it("a proxy that cannot be reached is a network failure, not a silent direct connection", async () => {
    const result = await runBin(["hot"], { ...env, HTTP_PROXY: "http://127.0.0.1:9" });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/^feedgate: error: hot topics failed/m);
  });
});
