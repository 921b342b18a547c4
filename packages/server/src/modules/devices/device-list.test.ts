import { DEVICE_LIST_COUNT_CAP, type DeviceRow, listDevicesCall } from '@fleetport/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner, seedDevices } from './device-test-kit.ts';

/**
 * The list reads a page in one statement (rows, group and tags as one JSON value) and sorts a small
 * filter's page from the matches its count found: these pin what the console sees on both paths.
 */
let t: TestApp;
let fleet: Owner;
const minute = 60_000;

beforeAll(async () => {
  t = await createTestApp();
  fleet = await companyOwner(t, 'Tidal Pumps', 'owner@tidal-pumps.test');
  const now = t.clock.now().getTime();
  await seedDevices(t, fleet.companyId, [
    { sn: 'TP0001', name: 'Weir', online: true, lastSeenAt: new Date(now - 2 * minute) },
    { sn: 'TP0002', name: 'Sluice', online: true, lastSeenAt: new Date(now - 2 * minute) },
    { sn: 'TP0003', name: 'Basin', online: false, lastSeenAt: new Date(now - 9 * minute) },
  ]);
  await sql`update device set last_seen_at = null where sn = 'TP0003'`.execute(t.deps.db);
  const [group] = (
    await sql<{ id: number }>`insert into company_group (company_id, name, parent_id)
      select ${fleet.companyId}, 'Estuary', id from company_group where company_id = ${fleet.companyId}
      and parent_id is null returning id`.execute(t.deps.db)
  ).rows;
  await sql`update device set group_id = ${group!.id} where sn = 'TP0002'`.execute(t.deps.db);
  const tags = await sql<{ id: number; name: string }>`insert into device_tag (company_id, name)
    values (${fleet.companyId}, 'north'), (${fleet.companyId}, 'Alpha') returning id, name`.execute(
    t.deps.db,
  );
  for (const tag of tags.rows)
    await sql`insert into device_tag_link (tag_id, sn) values (${tag.id}, 'TP0002')`.execute(t.deps.db);
});
afterAll(async () => {
  await t.close();
});

const sns = (list: DeviceRow[] | undefined) => list?.map((d) => d.sn);

describe('a page of the all-devices list', () => {
  it('carries group, tags (in name order regardless of case) and times in milliseconds', async () => {
    const res = await fleet.run(listDevicesCall, { pageNum: 1, pageSize: 20 });
    expect(res.data).toMatchObject({ total: 3, totalCapped: false });
    // Newest seen first, ties by SN descending, never-seen last.
    expect(sns(res.data?.list)).toEqual(['TP0002', 'TP0001', 'TP0003']);
    const [sluice, weir, basin] = res.data!.list;
    expect(sluice).toMatchObject({ groupName: 'Estuary', tags: ['Alpha', 'north'] });
    expect(sluice?.lastSeenAt).toBe(t.clock.now().getTime() - 2 * minute);
    expect(sluice?.createdAt).toBe(t.clock.now().getTime());
    expect(weir).toMatchObject({ groupName: null, groupId: null, tags: [] });
    expect(basin?.lastSeenAt).toBeNull();
  });

  it('sorts a filtered page from the matches it counted, and answers an empty page past the end', async () => {
    const online = await fleet.run(listDevicesCall, {
      online: 'online',
      sortField: 'name',
      sortOrder: 'asc',
    });
    expect(online.data).toMatchObject({ total: 2, totalCapped: false });
    expect(sns(online.data?.list)).toEqual(['TP0002', 'TP0001']);
    expect(online.data?.list[0]?.tags).toEqual(['Alpha', 'north']);
    const second = await fleet.run(listDevicesCall, {
      search: 'TP000',
      pageNum: 2,
      pageSize: 2,
      sortField: 'sn',
      sortOrder: 'asc',
    });
    expect(second.data).toMatchObject({ total: 3, totalCapped: false });
    expect(sns(second.data?.list)).toEqual(['TP0003']);
    const past = await fleet.run(listDevicesCall, { search: 'TP000', pageNum: 3, pageSize: 2 });
    expect(past.data).toMatchObject({ list: [], total: 3 });
    const none = await fleet.run(listDevicesCall, { search: 'no such device' });
    expect(none.data).toMatchObject({ list: [], total: 0, totalCapped: false });
  });

  it('pages the same way over the count cap as under it', async () => {
    const wide = await companyOwner(t, 'Wide Fleet', 'owner@wide-fleet.test');
    await sql`insert into device (sn, company_id, name, secret_hash, online)
      select 'WF' || lpad(i::text, 6, '0'), ${wide.companyId}, 'Wide ' || i, 'x', i % 2 = 0
        from generate_series(1, ${DEVICE_LIST_COUNT_CAP * 2 + 20}) as i`.execute(t.deps.db);
    const query = { online: 'online', sortField: 'sn', sortOrder: 'desc', pageSize: 5 } as const;
    const first = await wide.run(listDevicesCall, { ...query, pageNum: 1 });
    expect(first.data).toMatchObject({ total: DEVICE_LIST_COUNT_CAP, totalCapped: true });
    expect(sns(first.data?.list)).toEqual(['WF002020', 'WF002018', 'WF002016', 'WF002014', 'WF002012']);
    const last = await wide.run(listDevicesCall, { ...query, pageNum: 202 });
    expect(sns(last.data?.list)).toEqual(['WF000010', 'WF000008', 'WF000006', 'WF000004', 'WF000002']);
  });
});
