export * from "./purposes.ts";
export * from "./rights.ts";
export * from "./consent-cookie.ts";
