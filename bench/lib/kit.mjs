// Loads the parts of @feedgate/kit a benchmark needs — from the main entry point and the
// subpath ones (feed, mirror) — and names exactly what is missing when they are not
// there (yet), so the run reports it instead of crashing half-way.
const ENTRY_POINTS = ["@feedgate/kit", "@feedgate/kit/feed", "@feedgate/kit/mirror"];

export async function loadKit(names) {
  const kit = {};
  for (const specifier of ENTRY_POINTS) {
    try {
      Object.assign(kit, await import(specifier));
    } catch (err) {
      throw new Error(
        `${specifier} cannot be loaded (${String(err.message).split("\n")[0]}): build it first`,
      );
    }
  }
  const missing = names.filter((name) => typeof kit[name] !== "function");
  if (missing.length > 0) throw new Error(`@feedgate/kit does not export ${missing.join(", ")}`);
  return kit;
}
