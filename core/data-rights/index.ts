export * from "./purposes.ts";
export * from "./rights.ts";
