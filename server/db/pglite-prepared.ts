// Named prepared statements on PGlite. PGlite's query() sends every statement as the unnamed one
// (Parse, Describe, Bind, Describe, Execute, Sync: six calls into the WebAssembly Postgres), so
// Postgres parses and plans it anew each time; the dashboard's statement spent ~3 of its ~4 ms there.
// Here a parameterized statement seen a second time is parsed once under a name and then run as one
// call (Bind, Describe, Execute, Sync), as node-postgres does with drizzle's `.prepare(name)` on
// PostgreSQL. Same locks, same parameter serializers, same result parsing as PGlite's own query().
import { parse, protocol, type PGlite, type QueryOptions, type Results } from "@electric-sql/pglite";

/** PGlite's internals this relies on (present in 0.5; checked once, else query() is left as it is). */
interface PgliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (value: unknown) => string>;
  parsers: Record<number, (value: string, typeId?: number) => unknown>;
}

/** Statements kept prepared at most; past it a new text runs unnamed (a bound on the backend's memory). */
export const PREPARED_LIMIT = 500;
/** A statement text is prepared on its second run, so one-off statements never take a slot. */
const PREPARE_FROM_RUN = 2;
/** SQLSTATEs after which the statement is prepared again once: it no longer exists, or the schema changed its result. */
const STALE = new Set(["26000", "0A000"]);

interface Statement {
  name: string;
  paramTypes: number[];
}

/**
 * One turn of the event loop. PGlite runs statements on this thread, each as one synchronous call, so a
 * queue of statements handed from one request to the next inside a turn would hold the loop for the
 * whole round: under load, new connections (accepted one per turn), new requests and other I/O waited
 * behind up to 50 requests' statements, and a fresh connection's first answer took over a second. A
 * statement takes its turn first, so I/O is served between any two statements.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

/** Replaces `client.query` by one that prepares repeated parameterized statements; returns what it keeps, for tests. */
export function prepareRepeatedStatements(client: PGlite) {
  const inner = client as unknown as PgliteInternals & PGlite;
  if (typeof inner._runExclusiveTransaction !== "function" || typeof inner._runExclusiveQuery !== "function") return null;
  const unnamed = client.query.bind(client);
  const runs = new Map<string, number>();
  const prepared = new Map<string, Statement>();
  const { serialize } = protocol;
  let named = 0;
  const sync = { syncToFs: false };

  async function prepare(text: string, options?: QueryOptions): Promise<Statement> {
    const name = `sot_${++named}`;
    const described = await client.execProtocolStream(
      concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: "S", name }), serialize.sync()]),
      sync,
    );
    const parameters = described.find((m) => m.name === "parameterDescription") as { dataTypeIDs: number[] } | undefined;
    const statement = { name, paramTypes: parameters?.dataTypeIDs ?? [] };
    prepared.set(text, statement);
    return statement;
  }

  async function run<T>(statement: Statement, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[type] ?? inner.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    const messages = await client.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: "P" }), serialize.execute({}), serialize.sync()]),
      sync,
    );
    return parse.parseResults(messages, inner.parsers, options)[0] as Results<T>;
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    if (params.length === 0 || options?.blob || options?.paramTypes) {
      await nextTurn();
      return unnamed<T>(text, params, options);
    }
    let statement = prepared.get(text);
    if (!statement) {
      const seen = (runs.get(text) ?? 0) + 1;
      if (seen < PREPARE_FROM_RUN || prepared.size >= PREPARED_LIMIT) {
        if (runs.size < PREPARED_LIMIT * 4) runs.set(text, seen);
        await nextTurn();
        return unnamed<T>(text, params, options);
      }
      runs.delete(text);
    }
    await inner._checkReady();
    return inner._runExclusiveTransaction(() =>
      inner._runExclusiveQuery(async () => {
        // Inside the locks: the next statement in the queue waits for its own turn.
        await nextTurn();
        try {
          statement ??= await prepare(text, options);
          try {
            return await run<T>(statement, params, options);
          } catch (error) {
            if (!STALE.has((error as { code?: string }).code ?? "")) throw error;
            await client.execProtocolStream(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()]), sync).catch(() => {});
            prepared.delete(text);
            return await run<T>(await prepare(text, options), params, options);
          }
        } finally {
          await client.syncToFs();
        }
      }),
    );
  }

  client.query = query as PGlite["query"];
  return { prepared, unnamed };
}
