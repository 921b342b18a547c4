/**
 * Steps of the partner journeys. A partner link (company_relation) is written straight into the
 * server's database, as the API tests' partner test kit does: the customers area that adds customers
 * through the console is built separately, and these journeys must not depend on its calls. So the
 * journeys that need a link run the server on PostgreSQL (DATABASE_URL, which scripts/e2e.mjs passes to
 * the server and the journeys alike); the embedded PGlite belongs to the server process alone.
 */
import assert from 'node:assert/strict';
import pg from 'pg';

export async function linkCustomer(partnerCompanyId: number, customerCompanyId: number): Promise<void> {
  const url = process.env.DATABASE_URL;
  assert.ok(
    url,
    'this journey writes a partner link into the database: run it with DATABASE_URL (PostgreSQL), ' +
      'e.g. DATABASE_URL=postgres://… npm run test:e2e -- e2e/partner-notifications.journey.ts',
  );
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(
      'insert into company_relation (upstream_company_id, downstream_company_id) values ($1, $2)',
      [partnerCompanyId, customerCompanyId],
    );
  } finally {
    await client.end();
  }
}
