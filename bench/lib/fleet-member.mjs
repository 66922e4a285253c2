// One fleet member for bench/fleet-fault.mjs: leads what it can, reports leadership as JSON lines.
import { createFleet } from "@feedgate/postgres";

const [url, schema, feedUrl, name] = process.argv.slice(2);
const member = await createFleet({
  url,
  schema,
  feedUrl,
  memberId: name,
  resources: ["mirror", "hotTopics"],
  checkMs: 250,
  kit: { retry: { initialDelayMs: 50, maxDelayMs: 400 } },
  onLeadership: (resource, leading) =>
    process.stdout.write(`${JSON.stringify({ name, resource, leading, at: Date.now() })}\n`),
});
process.stdout.write(`${JSON.stringify({ name, ready: true })}\n`);
process.on("SIGTERM", () => void member.stop().finally(() => process.exit(0)));
