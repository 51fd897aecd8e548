// Bundles server/ (with its dependencies) into build/server-bundle/main.js, which `npm run serve` runs.
// Loading ~1,150 ES modules one by one was about a second of start-up CPU and ~110 MB of heap; the
// bundle is a handful of files. Tests and dev tools still run the TypeScript sources (server/main.ts).
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "vite";

const root = fileURLToPath(new URL("..", import.meta.url));
const outDir = `${root}build/server-bundle`;

/**
 * Kept as imports of node_modules: PGlite finds its WebAssembly and data files beside its own module;
 * the web build (build/server/index.js) imports react-router, react and zod itself, and the server must
 * share those instances with it (router contexts are compared by identity); argon2 is a native addon;
 * harfbuzzjs (the Hindi PDFs' shaper) loads its WebAssembly from beside its own module; sharp (CKYC's
 * JPEGs) loads its native libvips from its platform package.
 */
const external = [
  /^@electric-sql\/pglite(\/|$)/,
  /^react-router(\/|$)/,
  /^@react-router\//,
  /^react(-dom)?(\/|$)/,
  /^zod(\/|$)/,
  /^isbot(\/|$)/,
  /^@node-rs\//,
  /^pg-native$/,
  /^harfbuzzjs(\/|$)/,
  /^sharp(\/|$)/,
  /^@img\//,
];

await build({
  configFile: false,
  root,
  logLevel: "warn",
  publicDir: false,
  plugins: [
    {
      // Files beside a source module (migrations, fonts, the sandbox checkout script) are found from
      // import.meta.url; in the bundle it must still name the source file, not the bundle.
      name: "source-import-meta-url",
      transform(code, id) {
        if (!id.startsWith(`${root}server/`) || !code.includes("import.meta.url")) return null;
        const source = JSON.stringify(relative(outDir, id));
        return { code: code.replaceAll("import.meta.url", `new URL(${source}, import.meta.url).href`), map: null };
      },
    },
  ],
  build: {
    ssr: "server/main.ts",
    outDir,
    emptyOutDir: true,
    target: "node24",
    minify: false,
    sourcemap: true,
    rolldownOptions: { external, output: { entryFileNames: "main.js", chunkFileNames: "[name]-[hash].js" } },
  },
  ssr: { noExternal: true, target: "node" },
});
