import { type Kysely, sql } from 'kysely';

/**
 * Partner links between companies (a distributor or re-seller upstream of its customers). Issue 4 reads
 * them to lock the company type (15002); the partner consoles create them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company_relation')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('upstream_company_id', 'bigint', (c) =>
      c.notNull().references('company.id').onDelete('cascade'),
    )
    .addColumn('downstream_company_id', 'bigint', (c) =>
      c.notNull().references('company.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('company_relation_pair', ['upstream_company_id', 'downstream_company_id'])
    .addCheckConstraint('company_relation_not_self', sql`upstream_company_id <> downstream_company_id`)
    .execute();
  await db.schema
    .createIndex('company_relation_downstream')
    .on('company_relation')
    .columns(['downstream_company_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('company_relation').execute();
}
