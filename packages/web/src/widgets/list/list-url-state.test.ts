import { deviceNotificationListCall, listDevicesCall, userListCall } from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { listInput, writeListParams } from './list-url-state.ts';

const devices = listDevicesCall.input;
const DEVICE_DEFAULTS = { pageNum: 1, pageSize: 10, sortField: 'lastSeenAt', sortOrder: 'desc' };

describe('a list in the address', () => {
  it('writes page, sort and filters, leaves defaults out, keeps other parameters, and reads them back', () => {
    const written = writeListParams(devices, new URLSearchParams('tab=one'), {
      ...DEVICE_DEFAULTS,
      pageNum: 3,
      search: '10.3.17.',
      online: 'offline',
      groupId: 0,
      sortField: 'sn',
      sortOrder: 'asc',
    });
    expect(Object.fromEntries(written)).toEqual({
      tab: 'one',
      pageNum: '3',
      search: '10.3.17.',
      online: 'offline',
      groupId: '0',
      sortField: 'sn',
      sortOrder: 'asc',
    });
    // A reload (or the link sent to a colleague) reads the same list.
    expect(listInput(devices, new URLSearchParams(written.toString()))).toEqual({
      pageNum: 3,
      pageSize: 10,
      search: '10.3.17.',
      online: 'offline',
      groupId: 0,
      sortField: 'sn',
      sortOrder: 'asc',
    });
    // Back at the defaults, the address holds nothing of the list.
    expect(writeListParams(devices, written, DEVICE_DEFAULTS).toString()).toBe('tab=one');
  });

  it('drops what the call refuses, field by field, and the rest still applies', () => {
    const params = new URLSearchParams(
      'pageNum=-2&pageSize=abc&online=maybe&groupId=x&sortField=password&search=r3000&unknown=1',
    );
    expect(listInput(devices, params)).toEqual({ ...DEVICE_DEFAULTS, search: 'r3000' });
    // A page number past what the contract allows, a search longer than it takes.
    expect(listInput(devices, new URLSearchParams(`pageNum=1e400&search=${'x'.repeat(65)}`))).toEqual(
      DEVICE_DEFAULTS,
    );
  });

  it('falls back to the defaults when the input is refused as a whole', () => {
    // Each field is fine alone; the schema refuses them together (a made-up cross-field rule).
    const strictPair = listDevicesCall.input.refine((v) => !(v.online === 'online' && v.search === 'never'));
    expect(listInput(strictPair, new URLSearchParams('online=online&search=never'), {})).toEqual(
      DEVICE_DEFAULTS,
    );
  });

  it('reads lists, numbers and page defaults the way the call takes them', () => {
    const calls = deviceNotificationListCall.input;
    const written = writeListParams(
      calls,
      new URLSearchParams(),
      { pageNum: 1, pageSize: 20, bizTypes: ['deviceOffline', 'alert'], startTime: 1_700_000_000_000 },
      { defaults: { pageSize: 20 } },
    );
    expect(written.toString()).toBe('bizTypes=deviceOffline&bizTypes=alert&startTime=1700000000000');
    expect(listInput(calls, written, { defaults: { pageSize: 20 } })).toEqual({
      pageNum: 1,
      pageSize: 20,
      bizTypes: ['deviceOffline', 'alert'],
      startTime: 1_700_000_000_000,
    });
    expect(listInput(userListCall.input, new URLSearchParams('status=0&roleId=4'))).toEqual({
      pageNum: 1,
      pageSize: 10,
      status: 0,
      roleId: 4,
    });
  });

  it('keeps fixed values out of the address and a second list under its own prefix', () => {
    const fixed = { groupId: 7 };
    const written = writeListParams(
      devices,
      new URLSearchParams('groupId=3'),
      { groupId: 7, pageNum: 2 },
      { fixed },
    );
    expect(written.toString()).toBe('pageNum=2');
    // An address cannot move a group's own list to another group.
    expect(listInput(devices, new URLSearchParams('groupId=3'), { fixed }).groupId).toBe(7);

    const invitations = writeListParams(
      userListCall.input,
      new URLSearchParams('pageNum=2'),
      { pageNum: 4, pageSize: 10 },
      { prefix: 'invitations' },
    );
    expect(invitations.toString()).toBe('pageNum=2&invitations.pageNum=4');
    expect(listInput(userListCall.input, invitations).pageNum).toBe(2);
    expect(listInput(userListCall.input, invitations, { prefix: 'invitations' }).pageNum).toBe(4);
  });
});
