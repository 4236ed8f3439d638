import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

/** Named statements kept per PGlite instance (least recently used closed first). */
const MAX_STATEMENTS = 128;

/** The parts of PGlite's query path this module reuses: its locks, readiness check and type serializers. */
interface PGliteInternals {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  serializers: Record<number, (x: unknown) => string>;
  parsers: Record<string | number, (x: string, typeId?: number) => unknown>;
}

interface Statement {
  name: string;
  paramTypes: number[];
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/**
 * PGlite's `query` parses and plans every statement again (an unnamed statement per call): for the dashboard's
 * joins that is milliseconds of PostgreSQL work per call on the server's own thread, where PostgreSQL with
 * node-postgres plans a prepared statement once per connection (docs/decisions/0048, 0340). This makes
 * the instance's `query` (outside transactions; a transaction's own `query` is untouched) keep a named
 * statement per SQL text seen twice and send bind, execute and sync in one protocol message: the same answers and
 * errors, without the repeated parse and plan. Texts seen once are run as before (ad-hoc queries do not fill the
 * statement cache), and at most MAX_STATEMENTS names are kept.
 */
export function preparePGliteStatements(client: PGlite): void {
  const pg = client as unknown as PGliteInternals;
  const original = client.query.bind(client);
  const statements = new Map<string, Statement>();
  const seen = new Set<string>();
  let counter = 0;

  const exec = async (message: Uint8Array) => (await client.execProtocol(message, { syncToFs: false })).messages;

  const prepare = async (text: string, options?: QueryOptions): Promise<Statement> => {
    const name = `hcp_s${++counter}`;
    const messages = await exec(
      concat([
        protocol.serialize.parse({ name, text, types: options?.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ]),
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    statements.set(text, statement);
    if (statements.size > MAX_STATEMENTS) {
      const [oldText, old] = statements.entries().next().value!;
      statements.delete(oldText);
      await exec(concat([protocol.serialize.close({ type: 'S', name: old.name }), protocol.serialize.sync()]));
    }
    return statement;
  };

  const run = async <T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> => {
    let statement = statements.get(text);
    if (statement) {
      // Most recently used last: the first entry is the one closed when the map is full.
      statements.delete(text);
      statements.set(text, statement);
    } else statement = await prepare(text, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serialize = options?.serializers?.[oid] ?? pg.serializers[oid];
      return serialize ? serialize(value) : String(value);
    });
    const messages = await exec(
      concat([
        protocol.serialize.bind({ statement: statement.name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ]),
    );
    // PGlite merges a query's own parsers into a copy of its hundreds of defaults on every call (drizzle passes
    // its own for dates); a prototype chain over the defaults gives the same lookups for a few keys' work.
    if (!options?.parsers) return parse.parseResults(messages, pg.parsers, options)[0] as Results<T>;
    const parsers = Object.assign(Object.create(pg.parsers) as PGliteInternals['parsers'], options.parsers);
    return parse.parseResults(messages, parsers, { ...options, parsers: undefined })[0] as Results<T>;
  };

  client.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
    if (options?.blob) return original<T>(text, params, options);
    if (!statements.has(text)) {
      if (!seen.has(text)) {
        if (seen.size >= MAX_STATEMENTS * 8) seen.clear();
        seen.add(text);
        return original<T>(text, params, options);
      }
      seen.delete(text);
    }
    await pg._checkReady();
    // The same locks as PGlite's own query: never inside another caller's transaction, one statement at a time.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(async () => {
        const attempt = async (again: boolean): Promise<Results<T>> => {
          try {
            const result = await run<T>(text, params, options);
            await client.syncToFs();
            return result;
          } catch (e) {
            // A statement whose tables changed shape cannot be reused ('cached plan must not change result type'),
            // nor one the server no longer has: it is prepared again once, as PGlite's own query would parse it.
            const code = (e as { code?: unknown } | null)?.code;
            const s = statements.get(text);
            if (s && (code === '0A000' || code === '26000')) {
              statements.delete(text);
              await exec(concat([protocol.serialize.close({ type: 'S', name: s.name }), protocol.serialize.sync()]));
              if (again) return attempt(false);
            }
            // The error as PGlite's own query reports it (the caller's error handling reads the same fields).
            if (e && typeof e === 'object' && 'code' in e)
              Object.assign(e, { query: text, params, queryOptions: options });
            throw e;
          }
        };
        return attempt(true);
      }),
    );
  };
}
