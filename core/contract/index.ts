// The API contract shared by the server, the web client and the tests (see docs/decisions/platform.md, "API contract").
export * from "./paths.ts";
export * from "./replies.ts";
export * from "./journey-events.ts";
export * from "./api.ts";
