import { type Answer, checkAnswer, type Finding, operationAt, type Service } from "@feedgate/mock";
import { CHECK_TIMEOUT_SECONDS, CLI_ENV, feedUrlOf, gatewayOf } from "../cli/config.js";
import { StepFailure, step, UsageError } from "../cli/errors.js";
import type { Body } from "../cli/runner.js";
import { USER_AGENT } from "../version.js";
import { printFindings } from "./drift-report.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";

type CheckOptions = OptionsOf<typeof COMMANDS.check>;

/** One call of the check. A `{story}`, `{date}` or `{cursor}` in its path comes from an earlier answer. */
type Probe = [service: Service, path: string, body?: object];

/** Every read-only feed operation, once each, anonymous. */
const FEED_PROBES = [
  "/api/v1/hot-topics",
  "/api/v1/items?limit=5",
  "/api/v1/stories/{story}",
  "/api/v1/dailies?limit=3",
  "/api/v1/dailies/latest",
  "/api/v1/dailies/{date}",
  "/api/v1/codex-resets",
  "/api/v1/codex-resets/recent",
  "/api/v1/selected/snapshot?limit=1",
  "/api/v1/selected/changes?limit=1&cursor={cursor}",
].map((path): Probe => ["feed", path]);

type Answered = {
  items?: Array<{ date?: unknown; links?: { story?: unknown } }>;
  cursor?: unknown;
};

/** The ids later probes need, read from an answer's body (the first answer that has one wins). */
const IDS: Record<string, (body: Answered) => unknown> = {
  story: (body) =>
    String(body.items?.find((i) => i.links?.story)?.links?.story ?? "")
      .split("/")
      .pop(),
  date: (body) => body.items?.[0]?.date,
  cursor: (body) => body.cursor,
};

const hi = { model: "gpt-4.1-mini", input: "Say ok." };
const claude = { model: "claude-sonnet-4-5", messages: [{ role: "user", content: "hi" }] };
const gemini = {
  contents: [{ parts: [{ text: "Say ok." }] }],
  generationConfig: { maxOutputTokens: 1 },
};

/** Gateway operations that cost nothing: the two token counts. */
const FREE_GATEWAY_PROBES: Probe[] = [
  ["gateway", "/v1/responses/input_tokens", hi],
  ["gateway", "/v1/messages/count_tokens", claude],
];

/** `--spend`: one minimal billed call per family that has one, streamed so its events are checked. Images: none is minimal. */
const BILLED_GATEWAY_PROBES: Probe[] = [
  ["gateway", "/v1/responses", { ...hi, max_output_tokens: 16, stream: true }],
  ["gateway", "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse", gemini],
];

/** An answer's body, at most 8 MiB of text: a check never reads an endless body. */
async function readCapped(response: Response, text = ""): Promise<string> {
  const decoder = new TextDecoder();
  for await (const chunk of response.body ?? [])
    if ((text += decoder.decode(chunk, { stream: true })).length > 8 * 1024 * 1024) break;
  return text + decoder.decode();
}

/**
 * `feedgate check --live`: each read-only feed operation once, anonymous (no key goes to the
 * feed); with a gateway, its free operations (the billed ones only with --spend); status, the
 * headers the kit relies on and body checked against the documents. One call per operation,
 * one after another, no retries, each with a timeout: far inside every polling floor. A 429 or
 * 503 stops the calls to that service. Exit 1 on drift.
 */
export const runCheck: Body<CheckOptions> = async (ctx, options) => {
  const { out } = ctx;
  if (!options.live)
    throw new UsageError("check needs --live", "feedgate check --live calls the services");
  const configured = ctx.globals.gatewayUrl ?? ctx.env[CLI_ENV.gatewayUrl];
  const gateway = configured ? gatewayOf(ctx.globals, ctx.env) : undefined;
  if (options.spend && !gateway)
    throw new UsageError("--spend needs a gateway: pass --gateway-url and a key");
  const findings: Finding[] = [];
  const checked: string[] = [];
  const ids: Record<string, unknown> = {};

  /** Calls a probe and checks its answer; false when the service asks to be left alone (429, 503). */
  const call = async ([service, template, body]: Probe): Promise<boolean> => {
    const path = template.replace(/\{(\w+)\}/, (_, id: string) =>
      encodeURIComponent(String(ids[id])),
    );
    const method = body ? "POST" : "GET";
    const base = service === "feed" ? feedUrlOf(ctx.globals, ctx.env) : gateway!.url;
    const url = base.replace(/\/$/, "") + path;
    const key = service === "gateway" && { authorization: `Bearer ${gateway!.apiKey}` };
    const headers = { "user-agent": USER_AGENT, "content-type": "application/json", ...key };
    const timeout = (options.timeout ?? CHECK_TIMEOUT_SECONDS) * 1000;
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeout)]);
    const init = { method, headers, signal, redirect: "manual" as const };
    const answer = await step(`${method} ${url.split("?")[0]}`, async (): Promise<Answer> => {
      const response = await fetch(url, body ? { ...init, body: JSON.stringify(body) } : init);
      const got = { status: response.status, headers: Object.fromEntries(response.headers) };
      return { method, path, ...got, body: await readCapped(response) };
    });
    findings.push(...checkAnswer(service, answer));
    checked.push(`${operationAt(service, method, path.split("?")[0]!)} ${answer.status}`);
    if (answer.status === 200)
      try {
        const parsed = JSON.parse(answer.body) as Answered;
        for (const [id, read] of Object.entries(IDS)) ids[id] ??= read(parsed) || undefined;
      } catch {}
    return answer.status !== 429 && answer.status !== 503;
  };

  for (const probe of FEED_PROBES) {
    const needs = /\{(\w+)\}/.exec(probe[1])?.[1];
    if ((!needs || ids[needs]) && !(await call(probe))) break;
  }
  const billed = options.spend ? BILLED_GATEWAY_PROBES : [];
  for (const probe of gateway ? [...FREE_GATEWAY_PROBES, ...billed] : [])
    if (!(await call(probe))) break;

  const drift = findings.filter((f) => f.severity === "drift").length;
  const notices = findings.length - drift;
  if (out.json) out.data({ ok: drift === 0, drift, notices, checked, findings });
  else printFindings(out, findings, "stdout");
  out.note(`${checked.length} answers checked: ${drift} drift, ${notices} notices`);
  const problem = `${drift} places where a service no longer matches its document`;
  if (drift > 0) throw new StepFailure("check", new Error(problem));
};
