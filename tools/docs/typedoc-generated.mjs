// TypeDoc plugin: reflections declared only in generated files (src/generated/**, written by
// `pnpm generate` from the OpenAPI documents) are documented as far as the documents describe
// them, and cannot be edited by hand; they are exempt from `validation.notDocumented`. Every
// hand-written export must carry TSDoc.
import { Converter } from "typedoc";

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_END, (context) => {
    const names = new Set(app.options.getValue("intentionallyNotDocumented"));
    for (const reflection of Object.values(context.project.reflections)) {
      const sources = reflection.sources ?? [];
      if (sources.length > 0 && sources.every((s) => /[\\/]generated[\\/]/.test(s.fullFileName))) names.add(reflection.getFriendlyFullName());
    }
    app.options.setValue("intentionallyNotDocumented", [...names]);
  });
}
