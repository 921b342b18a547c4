import { type Kysely, sql } from 'kysely';

/**
 * Why a change-set ended badly, as a catalogue code (120123-120130, issue 15) rather than the cloud's
 * English: `reason` now keeps only the device's own words. The cloud's earlier texts become codes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table device_change_set add column reason_code integer`.execute(db);
  const exact: [string, number][] = [
    ['The change could not be sent', 120123],
    ['The device did not take the change before its deadline', 120124],
    [
      'The cloud could not reach the device again within the confirm window: it has put its previous configuration back',
      120125,
    ],
    ['The device refused the change', 120127],
  ];
  for (const [text, code] of exact)
    await sql`update device_change_set set reason_code = ${code}, reason = null where reason = ${text}`.execute(
      db,
    );
  await sql`update device_change_set set reason_code = 120126,
       reason = substr(reason, length('The confirmation failed: ') + 1)
     where reason like 'The confirmation failed: %'`.execute(db);
  await sql`update device_change_set set reason_code = case state when 'rejected' then 120127
       else 120130 end
     where reason_code is null and reason is not null and state in ('rejected', 'reverted')`.execute(db);
}
