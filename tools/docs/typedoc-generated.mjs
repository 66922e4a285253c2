// TypeDoc plugin: reflections declared only in generated files (src/generated/**, written by
// `pnpm generate` from the OpenAPI documents) are documented as far as the documents describe
// them, and cannot be edited by hand; they are exempt from `validation.notDocumented`. Every
// hand-written export must carry TSDoc.
//
// Only the names validation would actually report are listed: a generated reflection that has
// a comment, is not of a kind that must be documented, sits inside a parameter's type, or comes
// from another package's declarations (validation skips all of these) is left out, since TypeDoc
// warns about listed names it never needed.
import { Converter, ReflectionKind } from "typedoc";

/** @param {import("typedoc").Reflection} reflection */
function insideParameter(reflection) {
  for (let r = reflection.parent; r; r = r.parent)
    if (r.kindOf(ReflectionKind.Parameter)) return true;
  return false;
}

/** @param {import("typedoc").Application} app */
export function load(app) {
  app.converter.on(Converter.EVENT_END, (context) => {
    let kinds = 0;
    for (const name of app.options.getValue("requiredToBeDocumented"))
      kinds |= ReflectionKind[name];
    if (kinds & ReflectionKind.FunctionOrMethod) kinds |= ReflectionKind.CallSignature;
    if (kinds & ReflectionKind.Constructor) kinds |= ReflectionKind.ConstructorSignature;
    if (kinds & ReflectionKind.Accessor)
      kinds |= ReflectionKind.GetSignature | ReflectionKind.SetSignature;
    const packages = app.options.isSet("packagesRequiringDocumentation")
      ? app.options.getValue("packagesRequiringDocumentation")
      : [context.project.packageName];
    const names = new Set(app.options.getValue("intentionallyNotDocumented"));
    for (const reflection of Object.values(context.project.reflections)) {
      const sources = reflection.sources ?? [];
      if (sources.length === 0 || !sources.every((s) => /[\\/]generated[\\/]/.test(s.fullFileName)))
        continue;
      if (!reflection.kindOf(kinds) || insideParameter(reflection)) continue;
      const symbol = context.project.getSymbolIdFromReflection(reflection);
      if (!symbol || !packages.includes(symbol.packageName)) continue;
      const documented =
        reflection.hasComment() ||
        (reflection.kindOf(ReflectionKind.SomeSignature) && reflection.parent?.hasComment());
      if (!documented) names.add(reflection.getFriendlyFullName());
    }
    app.options.setValue("intentionallyNotDocumented", [...names]);
  });
}
