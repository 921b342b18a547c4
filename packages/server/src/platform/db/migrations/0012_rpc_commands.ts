import { type Kysely, sql } from 'kysely';

/**
 * RPC commands sent to devices. Kept in the database so a queued command survives a restart and any
 * server node can record the reply that reaches it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rpc_command')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('company_id', 'bigint', (c) => c.notNull())
    .addColumn('sn', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull())
    .addColumn('params', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('state', 'text', (c) => c.notNull().defaultTo('inExecution'))
    .addColumn('deadline', 'timestamptz', (c) => c.notNull())
    // null while the command waits for its device to come online.
    .addColumn('delivered_at', 'timestamptz')
    .addColumn('result', 'jsonb')
    .addColumn('error', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('rpc_command_queued_idx')
    .on('rpc_command')
    .columns(['sn', 'created_at'])
    .where(sql.ref('state'), '=', 'inExecution')
    .execute();
  await db.schema
    .createIndex('rpc_command_deadline_idx')
    .on('rpc_command')
    .column('deadline')
    .where(sql.ref('state'), '=', 'inExecution')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rpc_command').execute();
}
