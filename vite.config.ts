import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

// Small modules the hydrated public pages (apply-now, repay-loan, payment pages) load travel in one
// chunk: fewer requests and less gzip overhead. Marketing pages load no React at all (root.tsx, islands).
const SHARED_PUBLIC =
  /app\/(components\/(logo|public\/(error-view|city-link-list|faq-accordion|loan-figures|rich-text))|lib\/seo)\.tsx?$|core\/(product|loan-math\/[a-z-]+)\.ts$/;

export default defineConfig({
  plugins: [reactRouter()],
  build: {
    target: "es2022",
    // Fonts stay files, never data: URIs (CSP font-src 'self'; root.tsx preloads them by URL).
    assetsInlineLimit: (file: string) => (file.endsWith(".woff2") ? false : undefined),
    rollupOptions: {
      output: {
        manualChunks(id: string) {
          return SHARED_PUBLIC.test(id) && !id.endsWith(".test.ts") ? "public-shared" : undefined;
        },
      },
    },
  },
});
