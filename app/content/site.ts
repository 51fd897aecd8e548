// The one site configuration lives in core/ (decision 23): the server's KFS and agreement name the lender from it too.
export * from "../../core/site-config.ts";
