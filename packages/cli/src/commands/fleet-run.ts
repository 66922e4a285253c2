import type { FleetResource } from "@feedgate/postgres";
import { feedUrlOf } from "../cli/config.js";
import type { CommandContext } from "../cli/context.js";
import { step, UsageError } from "../cli/errors.js";
import { sleep } from "../cli/interrupt.js";
import { storeRefOf } from "../cli/store-ref.js";
import { clockStamp } from "./watch-util.js";

export interface FleetCommandOptions {
  store?: string;
  /** Comma-separated: mirror, hotTopics, codexResetsRecent, latestDaily. */
  resources?: string;
  json?: boolean;
}

const RESOURCES: readonly FleetResource[] = ["mirror", "hotTopics", "codexResetsRecent", "latestDaily"];

/** `feedgate fleet --store postgres://…`: one member of a fleet, until Ctrl-C. */
export async function runFleet(ctx: CommandContext, options: FleetCommandOptions): Promise<void> {
  const { out } = ctx;
  const ref = storeRefOf(undefined, options.store, ctx.env, out);
  if (ref.kind !== "postgres") throw new UsageError("a fleet shares its copy through PostgreSQL", "pass --store postgres://user:password@host:5432/database (or set FEEDGATE_STORE)");
  const resources = (options.resources ?? RESOURCES.join(",")).split(",").map((r) => r.trim()) as FleetResource[];
  const unknown = resources.filter((r) => !RESOURCES.includes(r));
  if (unknown.length) throw new UsageError(`unknown resource ${unknown.join(", ")}`, `choose among ${RESOURCES.join(", ")}`);
  const { createFleet } = await import("@feedgate/postgres");
  const member = await step(`joining the fleet at ${ref.shown}`, () =>
    createFleet({
      url: ref.url,
      feedUrl: feedUrlOf(ctx.globals, ctx.env),
      resources,
      onLeadership: (resource, leading) => {
        if (out.json) out.data({ type: "leadership", resource, leading, at: new Date().toISOString() });
        else out.print(`${clockStamp()} ${leading ? out.color.green("leading") : out.color.yellow("following")} ${resource}`);
      },
    }),
  );
  out.note(out.errColor.dim(`fleet member ${member.memberId} at ${ref.shown}: ${resources.join(", ")}; Ctrl-C to leave`));
  try {
    await sleep(2 ** 31 - 1, ctx.signal).catch(() => {});
  } finally {
    await member.stop();
  }
}
