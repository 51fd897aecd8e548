import type { Context } from "hono";

const EXTENSIONS: Record<string, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp", "application/pdf": "pdf" };

/** The file extension for a stored file's true content type. */
export function extensionFor(contentType: string): string {
  return EXTENSIONS[contentType] ?? "bin";
}

/**
 * A customer's own file as a download: never rendered inline, never cached, sandboxed if
 * a browser opens it anyway. Every owner-checked download answers through this.
 */
export function privateFile(c: Context, bytes: Uint8Array, contentType: string, filename: string) {
  return c.body(bytes as Uint8Array<ArrayBuffer>, 200, {
    "Content-Type": contentType,
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cache-Control": "private, no-store",
    "X-Content-Type-Options": "nosniff",
  });
}
