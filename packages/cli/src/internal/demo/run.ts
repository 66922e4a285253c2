import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { realSleep } from "@feedgate/core";
import { describeFailure } from "../cli/describe-failure.js";
import { step } from "../cli/errors.js";
import { typed } from "../cli/invocation.js";
import type { Body, CommandContext } from "../cli/runner.js";
import { runDailies, runDaily } from "../commands/daily-run.js";
import { runHot } from "../commands/hot-run.js";
import { runImage } from "../commands/image-run.js";
import { runItems } from "../commands/items-run.js";
import { runMirror } from "../commands/mirror-run.js";
import { runRespond } from "../commands/prompt-run.js";
import { runResets } from "../commands/resets-run.js";
import { runStory } from "../commands/story-run.js";
import { runTokens } from "../commands/tokens-run.js";
import { clockStamp } from "../commands/watch-util.js";
import { calendarAfter, DEMO_CACHE_CONTROL, demoSelectedItem, startDemoFakes } from "./fakes.js";
import { DEMO_TEXT, demoImageBase64 } from "./gateway-seed.js";
import { followPolls } from "./polls.js";

/** The throwaway key the demo's fake gateway accepts (it opens nothing real). */
const DEMO_KEY = "sk-demo-0000000000000000";

/**
 * `feedgate demo`: starts the embedded fake servers on free loopback ports, seeded with
 * the mock's data and short cache lifetimes, and runs every capability through the CLI's own
 * commands and renderers. Everything it starts it stops; it finishes in well under 30 s.
 */
export const runDemo: Body = async (ctx) => {
  const { out } = ctx;
  const c = out.color;
  const dim = (text: string) => out.print(c.dim(text));
  const started = performance.now();
  const total = 12;
  let n = 0;
  const section = (title: string, command: string) => {
    n += 1;
    out.print("");
    out.print(c.bold(c.cyan(`━━ ${n}/${total} ${title} `)) + c.dim(`$ ${typed(command)}`));
  };

  const fakes = await step("starting the fake servers", () =>
    startDemoFakes({ apiKey: DEMO_KEY, cacheControl: DEMO_CACHE_CONTROL }),
  );
  const feed = fakes.feed!;
  const gateway = fakes.gateway!;
  const work = await mkdtemp(join(tmpdir(), "feedgate-demo-"));
  out.addSecret(DEMO_KEY);
  const globals = { ...ctx.globals, feedUrl: feed.url, gatewayUrl: gateway.url, apiKey: DEMO_KEY };
  /** A context for one step: the fakes' URLs, and a signal that also stops a watch on cue. */
  const sub = (signal: AbortSignal = ctx.signal): CommandContext => ({ ...ctx, globals, signal });
  /** Runs a watch until `stop()` is called (or Ctrl-C), then returns. */
  const watch = async (run: (inner: CommandContext, stop: () => void) => Promise<unknown>) => {
    const local = new AbortController();
    try {
      await run(sub(AbortSignal.any([ctx.signal, local.signal])), () => local.abort());
    } catch (error) {
      if (!local.signal.aborted || ctx.signal.aborted) throw error;
    }
  };

  try {
    out.print(
      c.bold("feedgate demo") +
        c.dim(" — every capability against embedded fake servers (no network, no account)"),
    );
    dim(
      `feed fake ${feed.url} · gateway fake ${gateway.url} · data anchored at ${new Date(fakes.now).toISOString()}`,
    );

    section("Hot topics", "feedgate hot");
    await runHot(sub(), {});

    section("Every page of items", "feedgate items --all --page-size 5");
    await runItems(sub(), { all: true, pageSize: 5 });

    const storyUrl = `${feed.url}/story/${fakes.merged.from}`;
    section("A story reached through a merge redirect", `feedgate story ${storyUrl}`);
    await runStory(sub(), {}, storyUrl);

    section(
      "The latest daily report and the index",
      "feedgate daily latest; feedgate dailies --limit 3",
    );
    await runDaily(sub(), {}, "latest");
    out.print("");
    await runDailies(sub(), { limit: 3 });

    section(
      "The reset calendar, watched while a change arrives",
      "feedgate resets --recent --watch --interval 1",
    );
    // The fake holds the seeded calendar and answers it with a one-second lifetime, so the
    // watch polls every second with If-None-Match. The fake's request log shows each answer:
    // a 304 (unchanged) is narrated here, and after the first one the "service" publishes a
    // change, which the next poll brings as a 200 with a new ETag.
    let published = false;
    const calendar = feed.resets.list();
    const publish = () => {
      if (published) return;
      published = true;
      feed.resets.set(calendarAfter(calendar, Date.now()));
    };
    let fallback: ReturnType<typeof setTimeout> | undefined;
    const polls = followPolls(feed, "codexResetsRecent", (record) => {
      if (record.status === 304) {
        dim(
          `${clockStamp()} = unchanged 304 Not Modified (sent If-None-Match ${record.headers["if-none-match"] ?? "-"}): nothing new to print`,
        );
        publish();
      } else if (record.status === 200 && fallback === undefined) {
        // Should no 304 follow the first version within a few polls, publish anyway rather than wait forever.
        fallback = setTimeout(publish, 5_000);
      }
    });
    try {
      await watch(async (inner, stop) => {
        await runResets(
          inner,
          { recent: true, watch: true, interval: 1 },
          { afterVersion: (changes) => void (changes > 0 && stop()) },
        );
      });
    } finally {
      clearTimeout(fallback);
      polls.stop();
    }
    dim(
      `the feed fake answered the watch's polls ${polls.statuses().join(" → ")} (304: unchanged, no body; 200: a new version)`,
    );

    const mirrorDir = join(work, "selected");
    section(
      "The selected-set mirror: snapshot with a progress bar",
      `feedgate mirror ${mirrorDir}`,
    );
    await runMirror(sub(), {}, mirrorDir);
    out.print("");
    dim(
      typed(
        `$ feedgate mirror ${mirrorDir} --follow   (drains the ledger, then waits for the next poll; stopped there as with Ctrl-C)`,
      ),
    );
    await watch(async (inner, stop) => {
      await runMirror(inner, { follow: true }, mirrorDir, {
        onProgress: (p) => {
          if (p.phase === "idle") stop();
        },
      });
    });
    dim(
      "stopped; the cursor was saved after the last applied page. Meanwhile the selected set changes:",
    );
    feed.selected.upsert(demoSelectedItem(feed, 1));
    feed.selected.upsert(demoSelectedItem(feed, 2));
    feed.selected.remove(feed.selected.truth()[0]!.id);
    dim(
      typed(
        `$ feedgate mirror ${mirrorDir}   (resumes from the saved cursor: no new snapshot, three changes applied)`,
      ),
    );
    await runMirror(sub(), {}, mirrorDir);

    section(
      "An async image task, polled to completion",
      `feedgate image "…" --async --out ${join(work, "images")}`,
    );
    // The task completes at the first status request (the kit waits 5 s between them, as the gateway asks).
    gateway.images.scriptTask({
      polls: 0,
      outcome: "completed",
      images: [{ b64_json: demoImageBase64() }],
    });
    await runImage(
      sub(),
      { async: true, aspect: "16:9", out: join(work, "images") },
      "海边灯塔，清晨，水彩风格",
    );

    const ask = "用一句话总结今天的 AI 热点";
    section("A streamed response", 'feedgate respond "…" --stream');
    gateway.responses.scriptStream({ transcript: DEMO_TEXT });
    await runRespond(sub(), { stream: true }, ask);

    section("Input-token counts", 'feedgate tokens "…" --model gpt-5.2');
    await runTokens(sub(), { model: "gpt-5.2" }, ask);
    await runTokens(sub(), { model: "claude-sonnet-4-5", protocol: "messages" }, ask);

    section(
      "Record a call, replay it offline",
      "feedgate record …; feedgate mock --replay calls.har",
    );
    await (await import("./record-replay.js")).recordAndReplay(sub(), work, DEMO_KEY);

    section("An agent's MCP session: list tools, call hot_topics and get_story", "feedgate mcp");
    await (await import("./mcp-session.js")).runMcpSession(sub(), fakes.merged.from);

    section("Usage errors are caught before any request", "feedgate items --q x");
    const before = feed.requests.length;
    try {
      await runItems(sub(), { q: "x" });
    } catch (error) {
      const report = describeFailure(error, { interrupted: ctx.signal.aborted, command: "items" });
      out.print(
        `${c.red("feedgate: error:")} ${report.line} ${c.dim(`(exit code ${report.exitCode}; requests sent: ${feed.requests.length - before})`)}`,
      );
    }
  } finally {
    await fakes.close();
    await rm(work, { recursive: true, force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  out.print("");
  out.print(
    `${c.green("✔")} demo finished in ${seconds} s; the fake servers are stopped and the temporary files removed.`,
  );
  dim(
    "Point --feed-url / --gateway-url (and FEEDGATE_API_KEY) at the real services to do the same for real.",
  );
  // A last wait of zero lets the closed servers' sockets settle before exit.
  await realSleep(0);
};
