import { type Answer, checkAnswer, type Finding, operationAt, specOf } from "@feedgate/mock";
import { feedUrlOf, gatewayOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { StepFailure, UsageError } from "../cli/errors.js";
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
    const path = template.replace(/\{(\w+)\}/g, (_, id: string) =>
      encodeURIComponent(String(ids[id])),
    );
    const base = service === "feed" ? feedUrlOf(ctx.globals, ctx.env) : gateway!.url;
    const url = base.replace(/\/$/, "") + path;
    const method = body === undefined ? "GET" : "POST";
    const headers: Record<string, string> = {
      "user-agent": USER_AGENT,
      "content-type": "application/json",
    };
    if (service === "gateway") headers["authorization"] = `Bearer ${gateway!.apiKey}`;
    const signal = AbortSignal.any([
      ctx.signal,
      AbortSignal.timeout((options.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000),
    ]);
    const answer = await fetch(url, {
      method,
      headers,
      redirect: "manual",
      signal,
      body: body === undefined ? null : JSON.stringify(body),
    })
      .then(
        async (r): Promise<Answer> => ({
          method,
          path,
          status: r.status,
          headers: Object.fromEntries(r.headers),
          body: await readCapped(r),
        }),
      )
      .catch((error: unknown) =>
        Promise.reject(new StepFailure(`${method} ${url.split("?")[0]}`, error)),
      );
    findings.push(...checkAnswer(service, answer));
    checked.push(`${operationAt(specOf(service), method, path.split("?")[0]!)} ${answer.status}`);
    if (answer.status === 200 && service === "feed") {
      let parsed = {};
      try {
        parsed = JSON.parse(answer.body) as object;
      } catch {}
      for (const [id, read] of Object.entries(IDS)) ids[id] ??= read(parsed) || undefined;
    }
    return answer.status !== 429 && answer.status !== 503;
  };

  for (const probe of FEED_PROBES)
    if (
      !/\{(\w+)\}/
        .exec(probe.path)
        ?.slice(1)
        .some((id) => !ids[id]) &&
      !(await call(probe))
    )
      break;
  for (const probe of gateway
    ? [...FREE_GATEWAY_PROBES, ...(options.spend ? BILLED_GATEWAY_PROBES : [])]
    : [])
    if (!(await call(probe))) break;

  const { drift, notices } = countFindings(findings);
  if (out.json) out.data({ ok: drift === 0, drift, notices, checked, findings });
  else printFindings(out, findings, "stdout");
  out.note(`${checked.length} answers checked: ${drift} drift, ${notices} notices`);
  if (drift > 0)
    throw new StepFailure(
      "check",
      new Error(`${drift} places where a service no longer matches its document`),
    );
}
