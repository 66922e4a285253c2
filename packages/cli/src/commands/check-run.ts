import { type Answer, checkAnswer, type Finding, operationAt, specOf } from "@feedgate/mock";
import { feedUrlOf, gatewayOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { StepFailure, UsageError } from "../cli/errors.js";
import { USER_AGENT } from "../version.js";
import { DEFAULT_TIMEOUT_SECONDS } from "./check.js";
import {
  type Answers,
  BILLED_GATEWAY_PROBES,
  FEED_PROBES,
  FREE_GATEWAY_PROBES,
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

/** Reads a body up to the cap (the rest is dropped; the check then sees a cut body). */
async function readCapped(response: Response): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for await (const chunk of response.body ?? []) {
    size += chunk.length;
    text += decoder.decode(chunk, { stream: true });
    if (size > MAX_BODY_BYTES) break;
  }
  return text + decoder.decode();
}

/**
 * `feedgate check --live`: calls each read-only feed operation once (anonymous: no key goes to
 * the feed) and, with a gateway configured, the gateway's free operations (the billed ones only
 * with --spend), and checks status, headers and body against the documents. One call per
 * operation, one after another, no retries: far inside every polling floor. Exit 1 on drift.
 */
export async function runCheck(ctx: CommandContext, options: CheckOptions): Promise<void> {
  const { out } = ctx;
  if (!options.live)
    throw new UsageError(
      "check needs --live",
      "feedgate check --live calls the services and compares them with their documents",
    );
  const timeoutMs = (options.timeout ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  const configured = ctx.globals.gatewayUrl ?? ctx.env["FEEDGATE_GATEWAY_URL"];
  const gateway = configured ? gatewayOf(ctx.globals, ctx.env) : undefined;
  if (options.spend && !gateway)
    throw new UsageError("--spend needs a gateway", "pass --gateway-url and a key");
  const findings: Finding[] = [];
  const checked: string[] = [];

  const call = async (probe: Probe): Promise<Answer> => {
    const base = probe.service === "feed" ? feedUrlOf(ctx.globals, ctx.env) : gateway!.url;
    const headers: Record<string, string> = {
      "user-agent": USER_AGENT,
      accept: "application/json, text/event-stream",
    };
    if (probe.service === "gateway") headers["authorization"] = `Bearer ${gateway!.apiKey}`;
    if (probe.body !== undefined) headers["content-type"] = "application/json";
    const url = base.replace(/\/$/, "") + probe.path;
    const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(timeoutMs)]);
    try {
      const response = await fetch(url, {
        method: probe.method,
        headers,
        redirect: "manual",
        signal,
        ...(probe.body === undefined ? {} : { body: JSON.stringify(probe.body) }),
      });
      const answer: Answer = {
        method: probe.method,
        path: probe.path,
        status: response.status,
        headers: Object.fromEntries(response.headers),
        body: await readCapped(response),
      };
      const found = checkAnswer(probe.service, answer);
      findings.push(...found);
      const path = probe.path.split("?")[0]!;
      checked.push(
        `${operationAt(specOf(probe.service), probe.method, path) ?? path} ${response.status}`,
      );
      out.verbose(`${probe.method} ${url.split("?")[0]} → ${response.status}`);
      return answer;
    } catch (error) {
      throw new StepFailure(`${probe.method} ${url.split("?")[0]}`, error);
    }
  };
  /** A 429 or 503 stops the calls to that service: the check asks again next time, not now. */
  const busy = (answer: Answer) => answer.status === 429 || answer.status === 503;

  const answers: Answers = new Map();
  for (const [name, pathOf] of FEED_PROBES) {
    const path = pathOf(answers);
    if (path === undefined) continue;
    const answer = await call({ service: "feed", method: "GET", path });
    if (busy(answer)) break;
    if (answer.status === 200) answers.set(name, parseOrUndefined(answer.body));
  }
  if (gateway)
    for (const probe of [...FREE_GATEWAY_PROBES, ...(options.spend ? BILLED_GATEWAY_PROBES : [])])
      if (busy(await call(probe))) break;

  const { drift, notices } = countFindings(findings);
  if (out.json) out.data({ ok: drift === 0, drift, notices, checked, findings });
  else {
    printFindings(out, findings);
    out.print(`${checked.length} answers checked: ${drift} drift, ${notices} notices`);
  }
  if (drift > 0)
    throw new StepFailure(
      "check",
      new Error(`${drift} places where a service no longer matches its document`),
    );
}

function parseOrUndefined(text: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}
