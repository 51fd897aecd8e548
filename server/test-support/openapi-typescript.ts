// openapi-typescript builds its output with the classic compiler API (ts.factory ...), which TypeScript 7's
// package no longer exports; the project keeps TypeScript 6 beside it as the npm alias "typescript-6"
// (as the linter does, eslint/typescript-6.js). This hook sends openapi-typescript's `typescript` there,
// in the test process only, and then loads it.
import { registerHooks } from "node:module";

const installed = Symbol.for("salaryontime.openapi-typescript.typescript-6");
const flags = globalThis as Record<symbol, boolean>;

if (!flags[installed]) {
  flags[installed] = true;
  registerHooks({
    resolve(specifier, context, nextResolve) {
      const fromGenerator = (context.parentURL ?? "").includes("/node_modules/openapi-typescript/");
      if (fromGenerator && (specifier === "typescript" || specifier.startsWith("typescript/"))) {
        return nextResolve(`typescript-6${specifier.slice("typescript".length)}`, context);
      }
      return nextResolve(specifier, context);
    },
  });
}

export const { default: openapiTS, astToString } = await import("openapi-typescript");
