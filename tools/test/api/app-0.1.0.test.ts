// An app written against the 0.1.0 API (tools/release-test/fixtures/app-0.1.0) type-checks
// against the workspace packages' built .d.ts with no error, and each 0.1.0 name it uses is
// marked deprecated (TypeScript's suggestion 6385/6387: editors strike it through).
import { readdirSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { root } from "../../lib/packages.mjs";
import { strictLanguageService } from "../support/strict-program.js";

const appDir = join(root, "tools", "release-test", "fixtures", "app-0.1.0");
const files = readdirSync(appDir)
  .filter((f) => f.endsWith(".ts"))
  .map((f) => join(appDir, f));
/**
 * The strictest settings a user may have, with every package resolved to its built .d.ts (as the
 * README examples are checked); the files are read from disk.
 */
function languageService(): ts.LanguageService {
  return strictLanguageService(
    new Map(files.map((file) => [file, ts.sys.readFile(file) ?? ""])),
    appDir,
  );
}

describe("an app written against the 0.1.0 API", () => {
  const service = languageService();

  it("compiles under the strictest settings: no errors, only deprecation marks", () => {
    const errors = ts
      .getPreEmitDiagnostics(service.getProgram()!)
      .map(
        (d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`,
      );
    expect(errors).toEqual([]);
  });

  it("gets a deprecation mark naming each 0.1.0 name it uses", () => {
    const deprecated = files.flatMap((file) =>
      service
        .getSuggestionDiagnostics(file)
        .filter((d) => d.code === 6385 || d.code === 6387)
        // The marked text, as a name: `type X` in an import, `X<T>` in a type reference.
        .map((d) =>
          ts.sys
            .readFile(file)!
            .slice(d.start, d.start! + d.length!)
            .replace(/^type |<.*$/gs, ""),
        ),
    );
    for (const name of [
      "FeedClientConfigError",
      "FeedProblem",
      "isFeedClientConfigError",
      "readProblem",
      "fromFeedProblem",
      "fromGatewayError",
      "buildImageRequest",
      "CreateResponseParams",
      "ImageCallOptions",
      "InputRegion",
      "imagesApi",
      "TextToImageParams",
      "Workflow",
      "textToImage",
      "collectResponse",
      "outputText",
      "GatewayError",
      "isGatewayError",
      "GatewayErrorKind",
      "retries",
      // The deprecated `retry` option: TypeScript marks no property of an object literal, so
      // createFeedKit has a deprecated overload for it, and the call is struck through.
      "createFeedKit",
    ]) {
      expect(deprecated, name).toContain(name);
    }
  });
});
