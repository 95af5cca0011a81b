import type { PGlite } from "@electric-sql/pglite";
import { serialize } from "pg-protocol";
import type {
  BackendMessage,
  CommandCompleteMessage,
  DatabaseError,
  DataRowMessage,
  ParameterDescriptionMessage,
  RowDescriptionMessage,
} from "pg-protocol/dist/messages";
import { Parser } from "pg-protocol/dist/parser";

// PGlite's own query() sends Parse, Describe, Bind, Describe, Execute and Sync as six separate calls
// into its WebAssembly PostgreSQL, parses and analyses the SQL text every time, and decodes the answers
// with a protocol parser whose every field read goes through a WeakMap and a buffer copy (a fifth of the
// server's CPU under the bench's load). The server is the embedded database's only user
// (src/server/data-lock.ts) and runs a fixed set of statements, so this session prepares each SQL text
// once as a named statement (Parse + Describe: its parameter types and result columns) and from then on
// sends one buffer, Bind + Execute + Sync, through PGlite's raw protocol entry (execProtocolRawStream,
// which leaves the answer's bytes to the caller). node-postgres's own codec (pg-protocol) writes the
// messages and reads the answers. Values stay parameters, turned into text by PGlite's serialisers for
// the types PostgreSQL reported, and answers are turned into values by PGlite's parsers, as query() does.

type Prepared = { name: string; paramTypes: number[]; fields: RowDescriptionMessage["fields"] };
export type Outcome<T> = { rows: T[]; command: string | undefined };

/** At most this many prepared statements (the oldest is closed first); the server has a few dozen. */
const MAX_STATEMENTS = 500;

/** "cached plan must not change result type": a table the statement reads changed shape (DDL). */
const staleShape = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === "0A000";

export class PgliteSession {
  private readonly statements = new Map<string, Prepared>();
  private next = 0;

  constructor(private readonly pg: PGlite) {}

  /** Runs one statement with its parameters (one at a time: the caller takes turns). */
  async run<T>(text: string, params: readonly unknown[]): Promise<Outcome<T>> {
    try {
      const prepared = this.statements.get(text) ?? (await this.prepare(text));
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.pg.serializers[prepared.paramTypes[i] ?? 0];
        return serializer ? serializer(value) : String(value);
      });
      const messages = await this.exchange([
        serialize.bind({ statement: prepared.name, values }),
        serialize.execute({}),
        serialize.sync(),
      ]);
      return this.rows<T>(prepared.fields, messages);
    } catch (error) {
      if (staleShape(error)) this.statements.delete(text); // prepared again on its next use
      // The fields PGlite's query() adds to a database error, so callers see the same error either way.
      if (error && typeof error === "object" && "code" in error)
        Object.assign(error, { query: text, params: [...params] });
      throw error;
    }
  }

  /** Forgets every prepared statement (after migrations and other DDL run through exec). */
  async reset(): Promise<void> {
    this.statements.clear();
    // In a transaction that failed this fails too (the statements then stay until the session ends);
    // the error that matters is the one that failed the transaction.
    await this.exchange([serialize.query("deallocate all")]).catch(() => undefined);
  }

  private rows<T>(fields: Prepared["fields"], messages: readonly BackendMessage[]): Outcome<T> {
    const parsers = this.pg.parsers;
    const rows: T[] = [];
    let command: string | undefined;
    for (const message of messages) {
      if (message.name === "dataRow") {
        const values = (message as DataRowMessage).fields;
        const row: Record<string, unknown> = {};
        for (let i = 0; i < fields.length; i++) {
          const { name, dataTypeID } = fields[i]!;
          const value = values[i] as string | null;
          const parse = parsers[dataTypeID];
          row[name] = value === null || !parse ? value : parse(value, dataTypeID);
        }
        rows.push(row as T);
      } else if (message.name === "commandComplete")
        command = (message as CommandCompleteMessage).text.split(" ")[0];
    }
    return { rows, command };
  }

  private async prepare(text: string): Promise<Prepared> {
    if (this.statements.size >= MAX_STATEMENTS) {
      const [oldest, { name }] = this.statements.entries().next().value as [string, Prepared];
      this.statements.delete(oldest);
      await this.exchange([serialize.close({ type: "S", name }), serialize.sync()]);
    }
    const name = `s${++this.next}`;
    const messages = await this.exchange([
      serialize.parse({ name, text }),
      serialize.describe({ type: "S", name }),
      serialize.sync(),
    ]);
    const params = messages.find((m) => m.name === "parameterDescription") as
      ParameterDescriptionMessage | undefined;
    const row = messages.find((m) => m.name === "rowDescription") as RowDescriptionMessage | undefined;
    const prepared: Prepared = { name, paramTypes: params?.dataTypeIDs ?? [], fields: row?.fields ?? [] };
    this.statements.set(text, prepared);
    return prepared;
  }

  /** One buffer of protocol messages in, the decoded answers out; the first database error is thrown. */
  private async exchange(parts: readonly Buffer[]): Promise<BackendMessage[]> {
    const chunks: Buffer[] = [];
    // The bytes are a view of PGlite's memory, valid only during the call: copied.
    await this.pg.execProtocolRawStream(Buffer.concat(parts), {
      syncToFs: false,
      onRawData: (bytes) => void chunks.push(Buffer.from(bytes)),
    });
    const messages: BackendMessage[] = [];
    new Parser().parse(Buffer.concat(chunks), (message) => void messages.push(message));
    const error = messages.find((m) => m.name === "error") as DatabaseError | undefined;
    if (error) throw error;
    return messages;
  }
}
