// The reference for the cached page: a bare Hono route on @hono/node-server sending the same
// bytes (no middleware, no logging), so bench:public shows what the framework itself costs.
// Usage (by bench/public.ts): node bench/bare-hono.ts <port> <file>
import { readFileSync } from "node:fs";
import { serve } from "@hono/node-server";
import { Hono } from "hono";

const [port, file] = process.argv.slice(2);
const bytes = new Uint8Array(readFileSync(file));
const app = new Hono();
app.get("*", (c) => c.body(bytes, 200, { "Content-Type": "text/html; charset=utf-8" }));
serve({ fetch: app.fetch, port: Number(port), hostname: "127.0.0.1" });
