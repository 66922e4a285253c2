import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  type HostileServer,
  sendEndless,
  sendJson,
  startHostileServer,
} from "@feedgate/test-harness";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { demoImageBase64 } from "../../src/internal/demo/gateway-seed.js";
import { runCli, TEST_KEY } from "./helpers.js";

/**
 * A gateway that names its task after a path out of --out, and serves the image bytes itself.
 * Its submit answers the finished task at once, so no poll interval is waited.
 */
function hostileGateway(taskId: string, image: (res: import("node:http").ServerResponse) => void) {
  return startHostileServer((req, res) => {
    const path = (req.url ?? "").split("?")[0]!;
    if (path === "/v1/images/generations" || path.startsWith("/v1/images/generations/")) {
      return sendJson(res, 200, {
        task_id: taskId,
        status: "completed",
        data: [
          { url: `http://${req.headers.host}/files/out.png`, b64_json: "", revised_prompt: "" },
        ],
      });
    }
    if (path === "/files/out.png") return image(res);
    sendJson(res, 404, {
      error: { message: `Invalid URL (${req.method} ${path})`, type: "invalid_request_error" },
    });
  });
}
const png = (res: import("node:http").ServerResponse) =>
  res.writeHead(200, { "content-type": "image/png" }).end(Buffer.from(demoImageBase64(), "base64"));

let work: string;
let server: HostileServer | undefined;
beforeAll(async () => {
  work = await mkdtemp(join(tmpdir(), "feedgate-hostile-image-"));
});
afterEach(async () => {
  await server?.stop();
  server = undefined;
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});
const env = () => ({ FEEDGATE_GATEWAY_URL: server!.origin, FEEDGATE_API_KEY: TEST_KEY });

describe("feedgate image never takes a file name from the network", () => {
  it("a task id that climbs out of --out is reduced to its safe characters; the file stays inside", async () => {
    server = await hostileGateway("../../../../escape/owned", png);
    const out = join(work, "inside");
    const result = await runCli(["image", "x", "--async", "--out", out, "--json"], env(), 30_000);
    expect(result.code).toBe(0);
    const files = (JSON.parse(result.stdout) as { files: Array<{ path: string }> }).files;
    expect(files.map((f) => f.path)).toEqual([join(out, "escapeowned-1.png")]);
    expect(await readdir(out)).toEqual(["escapeowned-1.png"]);
    await expect(readdir(join(work, "escape"))).rejects.toThrow();
  });

  it("a task id of nothing but dots and slashes gets our own name", async () => {
    server = await hostileGateway("/../..", png);
    const out = join(work, "ours");
    const result = await runCli(["image", "x", "--async", "--out", out, "--json"], env(), 30_000);
    expect(result.code).toBe(0);
    expect(await readdir(out)).toEqual([expect.stringMatching(/^image-\d+-1\.png$/)]);
  });

  it("an existing file is never overwritten: exit 1 naming it, unless --force", async () => {
    server = await hostileGateway("task_same", png);
    const out = join(work, "exists");
    const first = await runCli(["image", "x", "--async", "--out", out], env(), 30_000);
    expect(first.code).toBe(0);
    await writeFile(join(out, "task_same-1.png"), "mine");
    const second = await runCli(["image", "x", "--async", "--out", out], env(), 30_000);
    expect(second.code).toBe(1);
    expect(second.stderr).toContain(`${join(out, "task_same-1.png")} already exists`);
    expect(second.stderr).toContain("--force");
    expect(await readFile(join(out, "task_same-1.png"), "utf8")).toBe("mine");
    const forced = await runCli(["image", "x", "--async", "--out", out, "--force"], env(), 30_000);
    expect(forced.code).toBe(0);
    expect((await readFile(join(out, "task_same-1.png"))).toString("base64")).toBe(
      demoImageBase64(),
    );
    // Three runs of the CLI, each polling a task: seconds each on a busy machine.
  }, 100_000);
});

describe("image downloads are bounded", () => {
  it("an endless image body fails at the 64 MiB cap with exit 1, in bounded memory", async () => {
    server = await hostileGateway("task_big", (res) =>
      sendEndless(res, new Uint8Array(256 * 1024), { "content-type": "image/png" }),
    );
    const result = await runCli(
      ["image", "x", "--async", "--out", join(work, "big")],
      env(),
      60_000,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/over 67108864 bytes/);
    expect(server.bytesSent).toBeLessThan(256 * 1024 * 1024);
  });

  it("a stalled download fails after --download-timeout, not never", async () => {
    server = await hostileGateway("task_stall", (res) => {
      res.writeHead(200, { "content-type": "image/png" });
      res.write(Buffer.from(demoImageBase64(), "base64").subarray(0, 8));
    });
    const result = await runCli(
      ["image", "x", "--async", "--out", join(work, "stall"), "--download-timeout", "1"],
      env(),
      30_000,
    );
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/stalled: no data for 1000 ms/);
  });

  it("the download carries no credential, even to the gateway's own origin", async () => {
    server = await hostileGateway("task_creds", png);
    const result = await runCli(
      ["image", "x", "--async", "--out", join(work, "creds")],
      env(),
      30_000,
    );
    expect(result.code).toBe(0);
    const download = server.requests.find((r) => r.url === "/files/out.png")!;
    expect(download.headers.authorization).toBeUndefined();
    expect(JSON.stringify(download.headers)).not.toContain(TEST_KEY);
  });
});

describe("downloads stop at the count asked for (issue 33)", () => {
  it("image --n 1 answered with 300 URLs downloads one image, and no more", async () => {
    let downloads = 0;
    server = await startHostileServer((req, res) => {
      const path = (req.url ?? "").split("?")[0]!;
      if (path.startsWith("/files/")) {
        downloads++;
        png(res);
        return;
      }
      const data = Array.from({ length: 300 }, (_, i) => ({
        url: `http://${req.headers.host}/files/${i}.png`,
      }));
      return sendJson(res, 200, { task_id: "t300", status: "completed", data });
    });
    const out = join(work, "three-hundred");
    const result = await runCli(
      ["image", "x", "--n", "1", "--async", "--out", out, "--json"],
      env(),
      30_000,
    );
    expect(result.code, result.stderr).toBe(0);
    expect(downloads).toBe(1);
    expect(await readdir(out)).toHaveLength(1);
  });
});
