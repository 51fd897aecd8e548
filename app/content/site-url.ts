export * from "../../core/site-url.ts";
