import {
  AliasNode,
  DeleteQueryNode,
  InsertQueryNode,
  RawNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import pg from 'pg';

// PostgreSQL's side of DatabaseHandle.writeMark (docs/decisions/0026-…, amendment of 2026-11-26). Every change to
// the catalogue is logged in product_changes by trigger, and a statement trigger there sends a NOTIFY (migration
// 2026-11-26T0400). Each API process LISTENs on one connection of its own: while it is listening and has heard
// nothing since it last read the log, its search index is known to be current, and a product page or a kept answer
// needs no round trip. A write to the catalogue through this process reads the log again for OWN_WRITE_WINDOW_MS,
// so the process sees its own writes at once, whatever the order in which its commit and the notice arrive.

/** The channel migration 2026-11-26T0400 notifies on; the payload is the schema whose catalogue changed. */
export const PRODUCT_CHANGES_CHANNEL = 'product_changes';
/** How long a catalogue write by this process keeps its reads on the log (covers its commit and the notice). */
export const OWN_WRITE_WINDOW_MS = 2_000;
/** Before listening again after the connection was lost (the log is read on every request meanwhile). */
export const RELISTEN_AFTER_MS = 1_000;
/**
 * The mark also moves this often with no notice at all, so the log is read at least that often: a notice that never
 * comes (a connection pooler in transaction mode drops LISTEN without an error) leaves the index this far behind at
 * most, not for good. One indexed query per process per period.
 */
export const RECHECK_EVERY_MS = 5_000;
/** What pg_stat_activity shows for the listening connection (with the schema, when the shop has one of its own). */
export const LISTENER_NAME = 'tienda-avisos-catalogo';

/** The tables whose writes reach product_changes (migrations 2026-11-23T0400 and 2026-11-24T0100). */
const CATALOGUE_TABLES = new Set(['products', 'product_images', 'product_categories', 'categories', 'product_changes']);

export interface ChangeNotices {
  /** The mark, or undefined while not listening or right after a catalogue write of this process. */
  mark(): string | undefined;
  /** Kysely plugin that notes this process's catalogue writes. */
  readonly plugin: KyselyPlugin;
  stop(): Promise<void>;
}

/**
 * Listens for catalogue change notices on a connection of its own, opened on the first `mark()` (tools that only
 * migrate or back up never open it). A lost connection is opened again after RELISTEN_AFTER_MS; notices sent
 * meanwhile are lost, so the mark moves when listening starts again.
 */
export function listenForCatalogueChanges(
  connection: { url: string; schema?: string },
  onLostConnection: (error: Error) => void,
  now: () => number = Date.now,
): ChangeNotices {
  let heard = 0;
  let listening = false;
  let started = false;
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let lastOwnWriteAt = -Infinity;

  const listen = async () => {
    const current = new pg.Client({
      connectionString: connection.url,
      application_name: connection.schema ? `${LISTENER_NAME} (${connection.schema})` : LISTENER_NAME,
      ...(connection.schema ? { options: `-c search_path=${connection.schema}` } : {}),
    });
    client = current;
    const lost = (error: Error) => {
      if (client !== current) return;
      listening = false;
      client = null;
      current.removeAllListeners('notification');
      void current.end().catch(() => {});
      if (stopped) return;
      onLostConnection(error);
      retry = setTimeout(() => void listen(), RELISTEN_AFTER_MS);
      retry.unref();
    };
    current.on('error', lost);
    current.on('end', () => lost(new Error('la conexión que escucha los cambios del catálogo se cerró')));
    try {
      await current.connect();
      const { rows } = await current.query<{ schema: string }>('select current_schema() as schema');
      const schema = rows[0]!.schema;
      current.on('notification', (notice) => {
        if (notice.payload === schema) heard += 1;
      });
      await current.query(`listen ${PRODUCT_CHANGES_CHANNEL}`);
      if (client !== current) return;
      // Whatever was committed before now was not heard: the next read of the log takes it.
      heard += 1;
      listening = true;
    } catch (error) {
      lost(error as Error);
    }
  };

  return {
    mark() {
      if (!started && !stopped) {
        started = true;
        void listen();
      }
      const at = now();
      if (!listening || at - lastOwnWriteAt < OWN_WRITE_WINDOW_MS) return undefined;
      return `${heard}:${Math.floor(at / RECHECK_EVERY_MS)}`;
    },
    plugin: new CatalogueWrites(() => {
      lastOwnWriteAt = now();
    }),
    async stop() {
      stopped = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      listening = false;
      await current?.end().catch(() => {});
    },
  };
}

/**
 * Calls `noteWrite` before and after every statement that writes a catalogue table (and every raw statement that is
 * not a select, not knowing what it writes). It reads the statement's own kind and table: a write hidden in a `with`
 * clause of a select would pass unseen (the shop writes none).
 */
class CatalogueWrites implements KyselyPlugin {
  private readonly writes = new WeakSet<object>();

  constructor(private readonly noteWrite: () => void) {}

  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    if (writesCatalogue(node)) {
      this.noteWrite();
      this.writes.add(queryId);
    }
    return node;
  }

  async transformResult({ result, queryId }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    // Again once it has run: the window counts from the last catalogue statement, not the first.
    if (this.writes.has(queryId)) this.noteWrite();
    return result;
  }
}

function writesCatalogue(node: RootOperationNode): boolean {
  if (InsertQueryNode.is(node)) return isCatalogueTable(node.into);
  if (UpdateQueryNode.is(node)) return isCatalogueTable(node.table);
  if (DeleteQueryNode.is(node)) return node.from.froms.some(isCatalogueTable);
  if (RawNode.is(node)) return !/^\s*select\b/i.test(node.sqlFragments[0] ?? '');
  return false;
}

function isCatalogueTable(node: OperationNode | undefined): boolean {
  if (!node) return false;
  // `products as p`: the table under its alias.
  const table = AliasNode.is(node) ? node.node : node;
  return TableNode.is(table) && CATALOGUE_TABLES.has(table.table.identifier.name);
}
