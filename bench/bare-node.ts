// The floor for the cached page (issue 35): bare node:http sending the same bytes with the same headers
// from memory, one prebuilt header list and one Buffer, nothing else per request (no routing, no logging,
// no request id drawn). What a hit of the product costs above this is the product's own work.
// Usage (by bench/cached-page.ts): node bench/bare-node.ts <port> <response.json> [--product-settings]
// response.json: {"headers": [name, value, ...], "body": "<base64>"} as the product sent them. The flag gives
// the server the product's node:http settings (NODE_SERVER_OPTIONS: optimizeEmptyRequests): a second
// reference, so the table shows what those settings alone are worth.
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { keepConnectionsAlive, NODE_SERVER_OPTIONS } from "../server/http/node-server.ts";

const [port, file, flag] = process.argv.slice(2);
const { headers, body } = JSON.parse(readFileSync(file!, "utf8")) as { headers: string[]; body: string };
const payload = Buffer.from(body, "base64");
const server = createServer(flag === "--product-settings" ? NODE_SERVER_OPTIONS : {}, (req, res) => {
  res.writeHead(200, headers);
  res.end(req.method === "HEAD" ? undefined : payload);
});
// As the product's server (server/http/node-server.ts): kept-alive sockets outlive a proxy's idle time.
keepConnectionsAlive(server);
server.listen(Number(port), "127.0.0.1");
// A clean exit on a signal, so `node --cpu-prof` writes its profile.
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.close(() => process.exit(0)));
