import type { Config } from "@react-router/dev/config";
import { marketingPaths } from "./app/content/public-paths.ts";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  // Static marketing pages become HTML files at build time; the server serves them from
  // memory with a hash-based CSP (server/modules/public-site/prerendered.ts).
  prerender: marketingPaths,
} satisfies Config;
