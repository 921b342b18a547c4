import {
  createNoticeCall,
  deleteNoticeCall,
  ErrorCode,
  listNoticesCall,
  markNoticesReadCall,
  noticeCustomersCall,
  publishNoticeCall,
  receivedNoticesCall,
  unpublishNoticeCall,
  updateNoticeCall,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { linkCustomer, makePartner } from './partner-test-kit.ts';

/**
 * The notification centre (issue 13): a distributor or re-seller writes notices to its downstream
 * customers, and those customers, and only they, read the published ones.
 */

let t: TestApp;
let delta: Owner;
let omega: Owner;
let acme: Owner;
let beta: Owner;
let rival: Owner;

const draft = (over: Record<string, unknown> = {}) => ({
  name: 'Maintenance window',
  topic: 'Cloud maintenance on Sunday',
  content: 'The platform is down for 30 minutes on Sunday at 02:00 UTC.',
  audience: 'all' as const,
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  delta = await companyOwner(t, 'Delta Distribution', 'owner@delta-notices.test');
  omega = await companyOwner(t, 'Omega Resale', 'owner@omega-notices.test');
  acme = await companyOwner(t, 'Acme Fleet', 'owner@acme-notices.test');
  beta = await companyOwner(t, 'Beta Fleet', 'owner@beta-notices.test');
  rival = await companyOwner(t, 'Rival Routers', 'owner@rival-notices.test');
  await makePartner(t, delta.companyId, 'distributor');
  await makePartner(t, omega.companyId, 'reseller');
  await linkCustomer(t, delta.companyId, acme.companyId);
  await linkCustomer(t, delta.companyId, beta.companyId);
  await linkCustomer(t, omega.companyId, rival.companyId);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('a partner writes notices', () => {
  it('lists its downstream customers to aim at, and no one else', async () => {
    const res = await delta.run(noticeCustomersCall, {});
    expect(res.data).toEqual([
      { companyId: acme.companyId, companyName: 'Acme Fleet' },
      { companyId: beta.companyId, companyName: 'Beta Fleet' },
    ]);
  });

  it('refuses an end customer (15003)', async () => {
    const res = await acme.run(createNoticeCall, draft());
    expect(res.code).toBe(ErrorCode.DISTRIBUTOR_ONLY);
    expect((await acme.run(listNoticesCall, {})).code).toBe(ErrorCode.DISTRIBUTOR_ONLY);
  });

  it('refuses a company that is not its downstream customer (15016), and says nothing of it', async () => {
    const res = await delta.run(
      createNoticeCall,
      draft({ audience: 'selected', customerIds: [acme.companyId, rival.companyId] }),
    );
    expect(res.code).toBe(ErrorCode.PARTNER_NOT_FOUND);
    expect(res.msg).toBe('The partner relation does not exist');
    expect(JSON.stringify(res)).not.toContain('Rival');
  });

  it('names the field a bad value is in, in both languages', async () => {
    const en = await delta.run(createNoticeCall, draft({ name: '   ' }));
    expect(en.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(en.msg).toMatch(/name/);
    const cn = await delta.run(createNoticeCall, draft({ topic: 'x'.repeat(129) }), 'cn');
    expect(cn.code).toBe(ErrorCode.PARAMETER_ERROR);
    expect(cn.msg).toMatch(/topic/);
    expect(cn.msg).toMatch(/128/);
  });

  it('saves a draft, changes it, publishes it once, takes it back and deletes it', async () => {
    const created = await delta.run(
      createNoticeCall,
      draft({ audience: 'selected', customerIds: [acme.companyId] }),
    );
    expect(created.code, created.msg).toBe(0);
    const notice = created.data!;
    expect(notice).toMatchObject({
      state: 'draft',
      publishedAt: null,
      customers: [{ companyId: acme.companyId, companyName: 'Acme Fleet' }],
    });
    const changed = await delta.run(updateNoticeCall, {
      ...draft({ name: 'Maintenance moved', audience: 'selected', customerIds: [beta.companyId] }),
      noticeId: notice.noticeId,
    });
    expect(changed.data).toMatchObject({
      name: 'Maintenance moved',
      customers: [{ companyName: 'Beta Fleet' }],
    });

    const published = await delta.run(publishNoticeCall, { noticeId: notice.noticeId });
    expect(published.data).toMatchObject({ state: 'published', publishedAt: t.clock.now().getTime() });
    expect((await delta.run(publishNoticeCall, { noticeId: notice.noticeId })).code).toBe(
      ErrorCode.ALREADY_PUBLISHED,
    );
    expect((await delta.run(updateNoticeCall, { ...draft(), noticeId: notice.noticeId })).code).toBe(
      ErrorCode.PUBLISHED_UNMODIFIABLE,
    );
    expect((await delta.run(deleteNoticeCall, { noticeId: notice.noticeId })).code).toBe(
      ErrorCode.PUBLISHED_UNDELETABLE,
    );

    expect((await delta.run(unpublishNoticeCall, { noticeId: notice.noticeId })).data?.state).toBe('draft');
    expect((await delta.run(unpublishNoticeCall, { noticeId: notice.noticeId })).code).toBe(
      ErrorCode.NOT_PUBLISHED,
    );
    expect((await delta.run(deleteNoticeCall, { noticeId: notice.noticeId })).code).toBe(0);
    expect((await delta.run(publishNoticeCall, { noticeId: notice.noticeId })).code).toBe(
      ErrorCode.NOTICE_NOT_FOUND,
    );
  });

  it('does not publish a notice aimed at chosen customers when none is chosen (15008)', async () => {
    const created = await delta.run(createNoticeCall, draft({ audience: 'selected', customerIds: [] }));
    const res = await delta.run(publishNoticeCall, { noticeId: created.data!.noticeId });
    expect(res.code).toBe(ErrorCode.TARGETS_REQUIRED);
    expect(res.msg).toBe('Please choose the target customers before publishing');
    await delta.run(deleteNoticeCall, { noticeId: created.data!.noticeId });
  });

  it("never reaches another partner's notice (15022)", async () => {
    const theirs = await omega.run(createNoticeCall, draft({ name: 'Omega only' }));
    const id = theirs.data!.noticeId;
    for (const call of [publishNoticeCall, unpublishNoticeCall, deleteNoticeCall]) {
      const res = await delta.run(call, { noticeId: id });
      expect(res.code).toBe(ErrorCode.NOTICE_NOT_FOUND);
    }
    expect((await delta.run(updateNoticeCall, { ...draft(), noticeId: id })).code).toBe(
      ErrorCode.NOTICE_NOT_FOUND,
    );
    const list = await delta.run(listNoticesCall, { search: 'Omega' });
    expect(list.data).toEqual({ list: [], total: 0 });
    await omega.run(deleteNoticeCall, { noticeId: id });
  });

  it('pages and searches its notices by name or topic and state, newest change first', async () => {
    for (let i = 1; i <= 12; i++) {
      t.clock.advance(1000);
      await delta.run(
        createNoticeCall,
        draft({ name: `Bulletin ${i}`, topic: i % 2 ? 'Firmware' : 'Billing' }),
      );
    }
    const page = await delta.run(listNoticesCall, { pageNum: 2, pageSize: 5 });
    expect(page.data?.total).toBe(12);
    expect(page.data?.list.map((n) => n.name)).toEqual([7, 6, 5, 4, 3].map((i) => `Bulletin ${i}`));
    const byTopic = await delta.run(listNoticesCall, { search: 'firmware', pageSize: 20 });
    expect(byTopic.data?.total).toBe(6);
    const drafts = await delta.run(listNoticesCall, { state: 'published' });
    expect(drafts.data?.total).toBe(0);
  });
});

describe('customers read their partner’s published notices', () => {
  let toAll: number;
  let toBeta: number;

  beforeAll(async () => {
    t.clock.advance(1000);
    toAll = (await delta.run(createNoticeCall, draft({ name: 'To everyone', topic: 'New price list' }))).data!
      .noticeId;
    toBeta = (
      await delta.run(
        createNoticeCall,
        draft({
          name: 'To Beta',
          topic: 'Your renewal',
          audience: 'selected',
          customerIds: [beta.companyId],
        }),
      )
    ).data!.noticeId;
    const omegaAll = (await omega.run(createNoticeCall, draft({ name: 'Omega news' }))).data!.noticeId;
    for (const id of [toAll, toBeta]) await delta.run(publishNoticeCall, { noticeId: id });
    await omega.run(publishNoticeCall, { noticeId: omegaAll });
  });

  it('shows each customer what is aimed at it, unread, and drafts to no one', async () => {
    const forAcme = await acme.run(receivedNoticesCall, {});
    expect(forAcme.data).toMatchObject({
      total: 1,
      unread: 1,
      list: [{ noticeId: toAll, partnerName: 'Delta Distribution', name: 'To everyone', read: false }],
    });
    const forBeta = await beta.run(receivedNoticesCall, {});
    expect(forBeta.data?.list.map((n) => n.name).sort()).toEqual(['To Beta', 'To everyone']);
    const forRival = await rival.run(receivedNoticesCall, {});
    expect(forRival.data?.list.map((n) => n.name)).toEqual(['Omega news']);
    // The partners themselves have no partner: their own notices are not in their inbox.
    expect((await delta.run(receivedNoticesCall, {})).data?.total).toBe(0);
  });

  it('marks notices read for the person, ignoring ids that do not reach the company', async () => {
    const res = await beta.run(markNoticesReadCall, { noticeIds: [toBeta] });
    expect(res.data).toEqual({ unread: 1 });
    const page = await beta.run(receivedNoticesCall, {});
    expect(page.data?.list.find((n) => n.noticeId === toBeta)?.read).toBe(true);
    const unread = await beta.run(receivedNoticesCall, { unreadOnly: true });
    expect(unread.data?.list.map((n) => n.noticeId)).toEqual([toAll]);
    // Acme cannot mark (nor see) Beta's notice.
    expect((await acme.run(markNoticesReadCall, { noticeIds: [toBeta] })).data).toEqual({ unread: 1 });
    const rows = await t.deps.db.selectFrom('partner_notice_read').selectAll().execute();
    expect(rows.map((r) => Number(r.company_id))).toEqual([beta.companyId]);
  });

  it('stops showing a notice once taken back, and all of them once the partner link ends', async () => {
    await delta.run(unpublishNoticeCall, { noticeId: toBeta });
    expect((await beta.run(receivedNoticesCall, {})).data?.list.map((n) => n.name)).toEqual(['To everyone']);
    await t.deps.db
      .deleteFrom('company_relation')
      .where('upstream_company_id', '=', delta.companyId)
      .where('downstream_company_id', '=', beta.companyId)
      .execute();
    expect((await beta.run(receivedNoticesCall, {})).data).toMatchObject({ total: 0, unread: 0 });
    // Nor can the partner aim at it any more.
    const res = await delta.run(
      createNoticeCall,
      draft({ audience: 'selected', customerIds: [beta.companyId] }),
    );
    expect(res.code).toBe(ErrorCode.PARTNER_NOT_FOUND);
  });
});
