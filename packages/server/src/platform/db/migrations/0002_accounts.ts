import { type Kysely, sql } from 'kysely';

/** Companies with their root group, people, password history, roles and memberships. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('company')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('country', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Company names are unique regardless of case: two "Acme" tenants confuse every company switch list.
  await sql`create unique index company_name_key on company (lower(name))`.execute(db);

  await db.schema
    .createTable('company_group')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('parent_id', 'bigint', (c) => c.references('company_group.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index company_group_root on company_group (company_id) where parent_id is null`.execute(
    db,
  );

  await db.schema
    .createTable('app_user')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('login_account', 'text', (c) => c.notNull().unique())
    .addColumn('user_name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('password_changed_at', 'timestamptz', (c) => c.notNull())
    .addColumn('password_expires_at', 'timestamptz')
    .addColumn('password_max_age_days', 'integer')
    .addColumn('initial_pwd', 'smallint', (c) => c.notNull().defaultTo(0))
    .addColumn('super_admin', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('instruction_status', 'text', (c) => c.notNull().defaultTo('0'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('password_history')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('password_history_user').on('password_history').columns(['user_id']).execute();

  await db.schema
    .createTable('role')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role_type', 'double precision', (c) => c.notNull())
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fun_codes', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('role_company_name', ['company_id', 'name'])
    .execute();

  await db.schema
    .createTable('company_user')
    .addColumn('company_id', 'bigint', (c) => c.notNull().references('company.id').onDelete('cascade'))
    .addColumn('user_id', 'bigint', (c) => c.notNull().references('app_user.id').onDelete('cascade'))
    .addColumn('role_id', 'bigint', (c) => c.notNull().references('role.id'))
    .addColumn('is_default', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('is_delete', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('company_user_pk', ['company_id', 'user_id'])
    .execute();
  await db.schema.createIndex('company_user_user').on('company_user').columns(['user_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['company_user', 'role', 'password_history', 'app_user', 'company_group', 'company']) {
    await db.schema.dropTable(table).execute();
  }
}
