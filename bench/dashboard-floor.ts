// The dashboard's floor on PostgreSQL: a bare node:http server with a pg pool of the product's size that,
// for each request, runs the statements the product ran for that customer's getDashboardData (captured on
// the wire by bench/pg-capture.ts: same texts, same parameters, same statement names, so prepared the same
// way), one after another as the product must (the session first), and answers the last one's rows as JSON.
// Usage (by bench/run.ts): node bench/dashboard-floor.ts <port> <database url> <replay.json>
// replay.json: { "<auth-token>": [{ "name": "...", "text": "...", "params": [...] }, ...], ... }
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import pg from "pg";
import { POSTGRES_POOL_SIZE } from "../server/db/client.ts";

interface Statement {
  name: string;
  text: string;
  params: (string | null)[];
}

const [port, url, replayFile] = process.argv.slice(2);
const replay = new Map(Object.entries(JSON.parse(readFileSync(replayFile!, "utf8")) as Record<string, Statement[]>));
const pool = new pg.Pool({ connectionString: url, max: POSTGRES_POOL_SIZE });

createServer((req, res) => {
  if (req.url === "/healthz") {
    res.end("ok");
    return;
  }
  req.resume();
  req.on("end", async () => {
    const statements = replay.get(String(req.headers["auth-token"] ?? ""));
    if (!statements) {
      res.writeHead(401).end();
      return;
    }
    try {
      let rows: unknown[] = [];
      for (const s of statements) rows = (await pool.query({ name: s.name || undefined, text: s.text, values: s.params, rowMode: "array" })).rows;
      const body = JSON.stringify({ Status: 1, Data: rows });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) }).end(body);
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  });
}).listen(Number(port), "127.0.0.1");
