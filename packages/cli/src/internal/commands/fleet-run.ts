import type { FleetResource } from "@feedgate/postgres";
import { feedUrlOf } from "../cli/config.js";
import { step, UsageError } from "../cli/errors.js";
import type { Body } from "../cli/runner.js";
import { storeRefOf } from "../cli/store-ref.js";
import { excerpt } from "../cli/terminal-safe.js";
import type { COMMANDS } from "./index.js";
import type { OptionsOf } from "./spec.js";
import { clockStamp, untilInterrupted } from "./watch-util.js";

type FleetCommandOptions = OptionsOf<typeof COMMANDS.fleet>;

const RESOURCES: readonly FleetResource[] = [
  "mirror",
  "hotTopics",
  "codexResetsRecent",
  "latestDaily",
];

/** `feedgate fleet --store postgres://…`: one member of a fleet, until Ctrl-C. */
export const runFleet: Body<FleetCommandOptions> = async (ctx, options) => {
  const { out } = ctx;
  const ref = await storeRefOf(undefined, options, ctx.env, out, ctx.stdin);
  if (ref.kind !== "postgres")
    throw new UsageError(
      "a fleet shares its copy through PostgreSQL",
      "pass --store postgres://user:password@host:5432/database (or set FEEDGATE_STORE)",
    );
  const resources = (options.resources ?? RESOURCES.join(","))
    .split(",")
    .map((r) => r.trim()) as FleetResource[];
  const unknown = resources.filter((r) => !RESOURCES.includes(r));
  if (unknown.length)
    throw new UsageError(
      `unknown resource ${unknown.join(", ")}`,
      `choose among ${RESOURCES.join(", ")}`,
    );
  const { createFleet } = await import("@feedgate/postgres");
  const member = await step(`joining the fleet at ${ref.shown}`, () =>
    createFleet({
      url: ref.url,
      feedUrl: feedUrlOf(ctx.globals, ctx.env),
      resources,
      onLeadership: (resource, leading) => {
        if (out.json)
          out.data({ type: "leadership", resource, leading, at: new Date().toISOString() });
        else
          out.print(
            `${clockStamp()} ${leading ? out.color.green("leading") : out.color.yellow("following")} ${resource}`,
          );
      },
      // A loop that keeps failing says so, on stderr (through the output's one filter), with its count in a row.
      onError: (resource, error, failures) => {
        out.note(
          `${clockStamp()} ${out.errColor.red(`${resource} failed`)} (${failures} in a row): ${excerpt(error.message)}`,
        );
        if (out.json)
          out.data({
            type: "error",
            resource,
            kind: error.kind,
            code: error.code ?? null,
            message: excerpt(error.message),
            failures,
            at: new Date().toISOString(),
          });
      },
    }),
  );
  out.note(
    out.errColor.dim(
      `fleet member ${member.memberId} at ${ref.shown}: ${resources.join(", ")}; Ctrl-C to leave`,
    ),
  );
  try {
    await untilInterrupted(ctx.signal);
  } finally {
    await member.stop();
  }
};
