// Languages and the message catalogue (issue 23): one import for screens, the HTTP edge and tests.
export * from "./languages.ts";
export * from "./translate.ts";
export * from "./customer-language.ts";
export * from "./service-codes.ts";
export * from "./before-postposition.ts";
