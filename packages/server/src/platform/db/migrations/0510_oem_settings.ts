import { type Kysely, sql } from 'kysely';

/**
 * OEM settings (issue 18): any company may name its VPN console and set an e-mail banner beside the
 * logo and device-console name partners set for their customers (issue 13); the row is the company's
 * own OEM settings, shown to its own consoles and, when they set none, to its customers'.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table partner_branding add column vpn_name text`.execute(db);
  await sql`alter table partner_branding
    add column banner_file_id bigint references stored_file (id) on delete set null`.execute(db);
}
