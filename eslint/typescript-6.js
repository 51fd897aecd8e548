// typescript-eslint's parser needs the classic compiler API (ts.createSourceFile ...), which
// TypeScript 7's package no longer exports. The project compiles with TypeScript 7; the linter
// parses with TypeScript 6, installed beside it as the npm alias "typescript-6". This hook sends
// `require("typescript")` from typescript-eslint's packages (and their ts-api-utils) to that alias,
// in the lint process only.
import { registerHooks } from "node:module";

const installed = Symbol.for("salaryontime.eslint.typescript-6");

if (!globalThis[installed]) {
  globalThis[installed] = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const parent = context.parentURL ?? "";
      const fromTypescriptEslint = parent.includes("/node_modules/@typescript-eslint/") || parent.includes("/node_modules/ts-api-utils/");
      if (fromTypescriptEslint && (specifier === "typescript" || specifier.startsWith("typescript/"))) {
        return nextResolve(`typescript-6${specifier.slice("typescript".length)}`, context);
      }
      return nextResolve(specifier, context);
    },
  });
}
