import { type Answer, checkAnswer, type Finding, operationAt, specOf } from "@feedgate/mock";
import { feedUrlOf, gatewayOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { StepFailure, step, UsageError } from "../cli/errors.js";
import { USER_AGENT } from "../version.js";
import {
  BILLED_GATEWAY_PROBES,
  DEFAULT_TIMEOUT_SECONDS,
  FEED_PROBES,
  FREE_GATEWAY_PROBES,
  IDS,
  type Probe,
} from "./check-probes.js";
import { countFindings, printFindings } from "./drift-report.js";

export interface CheckOptions {
  live?: boolean;
  spend?: boolean;
  timeout?: number;
  json?: boolean;
}

/** The most of an answer read: a check never reads an endless body. */
const MAX_BODY_BYTES = 8 * 1024 * 1024;

async function readCapped(response: Response): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of response.body ?? []) {
    text += decoder.decode(chunk, { stream: true });
    if (text.length > MAX_BODY_BYTES) break;
  }
  return text + decoder.decode();
}

/**
 * `feedgate check --live`: each read-only feed operation once, anonymous (no key goes to the
 * feed); with a gateway, its free operations (the billed ones only with --spend); status, the
 * headers the kit relies on and body checked against the documents. One call per operation,
 * one after another, no retries, each with a timeout: far inside every polling floor. A 429 or
 * 503 stops the calls to that service. Exit 1 on drift.
 */
export async function runCheck(ctx: CommandContext, options: CheckOptions): Promise<void> {
  const { out } = ctx;
  if (!options.live)
    throw new UsageError("check needs --live", "feedgate check --live calls the services");
  const configured = ctx.globals.gatewayUrl ?? ctx.env["FEEDGATE_GATEWAY_URL"];
  const gateway = configured ? gatewayOf(ctx.globals, ctx.env) : undefined;
  if (options.spend && !gateway)
    throw new UsageError("--spend needs a gateway: pass --gateway-url and a key");
  const findings: Finding[] = [];
  const checked: string[] = [];
  const ids: Record<string, unknown> = {};

  /** Calls a probe and checks its answer; false when the service asks to be left alone (429, 503). */
  const call = async ({ service, path: template, body }: Probe): Promise<boolean> => {
    const path = template.replace(/\{(\w+)\}/, (_, id: string) =>
      encodeURIComponent(String(ids[id])),
    );
    const method = body === undefined ? "GET" : "POST";
    const base = service === "feed" ? feedUrlOf(ctx.globals, ctx.env) : gateway!.url;
    const url = base.replace(/\/$/, "") + path;
    const key = service === "gateway" && { authorization: `Bearer ${gateway!.apiKey}` };
    const timeout = AbortSignal.timeout((options.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000);
    const init: RequestInit = {
      method,
      redirect: "manual",
      signal: AbortSignal.any([ctx.signal, timeout]),
    };
    init.headers = { "user-agent": USER_AGENT, "content-type": "application/json", ...key };
    if (body !== undefined) init.body = JSON.stringify(body);
    const answer = await step(`${method} ${url.split("?")[0]}`, async (): Promise<Answer> => {
      const response = await fetch(url, init);
      const headers = Object.fromEntries(response.headers);
      return { method, path, status: response.status, headers, body: await readCapped(response) };
    });
    findings.push(...checkAnswer(service, answer));
    checked.push(
      `${operationAt(specOf(service), method, path.split("?")[0]!)?.operationId} ${answer.status}`,
    );
    let parsed = {};
    try {
      parsed = JSON.parse(answer.body) as object;
    } catch {}
    for (const [id, read] of Object.entries(IDS))
      if (answer.status === 200) ids[id] ??= read(parsed) || undefined;
    return answer.status !== 429 && answer.status !== 503;
  };

  for (const probe of FEED_PROBES) {
    const needs = /\{(\w+)\}/.exec(probe.path)?.[1];
    if ((!needs || ids[needs]) && !(await call(probe))) break;
  }
  const billed = options.spend ? BILLED_GATEWAY_PROBES : [];
  for (const probe of gateway ? [...FREE_GATEWAY_PROBES, ...billed] : [])
    if (!(await call(probe))) break;

  const { drift, notices } = countFindings(findings);
  if (out.json) out.data({ ok: drift === 0, drift, notices, checked, findings });
  else printFindings(out, findings, "stdout");
  out.note(`${checked.length} answers checked: ${drift} drift, ${notices} notices`);
  const problem = new Error(`${drift} places where a service no longer matches its document`);
  if (drift > 0) throw new StepFailure("check", problem);
}
