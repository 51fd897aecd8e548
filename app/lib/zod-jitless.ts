// zod compiles object parsers with `new Function` unless told not to, and decides when each
// schema is built; its probe trips our CSP (script-src without 'unsafe-eval'), which browsers
// report as an issue. root.tsx imports this first, so it runs before any schema module.
// zod keeps its global config on `globalThis.__zod_globalConfig` (what `z.config()` writes);
// setting it here costs no bytes of zod on pages without forms. zod-jitless.test.ts checks
// that zod still reads that object.
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
