import { describe, expect, it } from 'vitest';
import { CapabilitiesSchema, simCount } from './capabilities.ts';
import { parseDownMessage } from './down-messages.ts';
import { DEVICE_EXAMPLES, DOWN_EXAMPLES } from './examples.ts';
import { parseUpMessage } from './messages.ts';
import { parseRpcParams, parseRpcResult, ReplyMessageSchema, RPC_ERRORS } from './rpc.ts';
import { RPC_METHODS } from './rpc-methods.ts';
import { SERIES, SERIES_IDS, seriesOfModel } from './series.ts';
import type { UpKind } from './topics.ts';
import { canMoveUpdate, UPDATE_ERROR, UPDATE_ERRORS, updateErrorText } from './update.ts';

describe('device messages', () => {
  it('accepts the documented example of every up message on its own topic kind', () => {
    for (const [kind, example] of Object.entries(DEVICE_EXAMPLES)) {
      const parsed = parseUpMessage(kind as UpKind, JSON.stringify(example));
      expect(parsed, kind).toMatchObject({ ok: true });
    }
  });

  it('refuses a message on the wrong topic kind, bad JSON and out-of-range signal', () => {
    expect(parseUpMessage('hello', JSON.stringify(DEVICE_EXAMPLES.telemetry))).toEqual({
      ok: false,
      error: 'type telemetry on topic kind hello',
    });
    expect(parseUpMessage('telemetry', '{not json')).toEqual({ ok: false, error: 'payload is not JSON' });
    const bad = { ...DEVICE_EXAMPLES.telemetry, signal: [{ sim: 1, rsrp: -200 }] };
    const parsed = parseUpMessage('telemetry', JSON.stringify(bad));
    expect(parsed.ok).toBe(false);
    expect(parsed.ok ? '' : parsed.error).toContain('signal');
  });

  it('requires an error on a failed reply', () => {
    const failed = { type: 'reply', ts: 1, id: 'a', state: 'failure' };
    expect(ReplyMessageSchema.safeParse(failed).success).toBe(false);
    expect(
      ReplyMessageSchema.safeParse({ ...failed, error: { code: 2, message: 'Download failed' } }).success,
    ).toBe(true);
  });

  it('parses the documented down messages', () => {
    expect(parseDownMessage('rpc', JSON.stringify(DOWN_EXAMPLES.rpc))).toMatchObject({ ok: true });
    expect(parseDownMessage('claim', JSON.stringify(DOWN_EXAMPLES.claimAccepted))).toMatchObject({
      ok: true,
    });
    expect(parseDownMessage('rpc', JSON.stringify({ ...DOWN_EXAMPLES.rpc, method: 'selfDestruct' })).ok).toBe(
      false,
    );
  });
});

describe('RPC methods', () => {
  it('covers the remote actions of core §2', () => {
    for (const m of [
      'reboot',
      'ping',
      'speedTest',
      'capture',
      'ledTest',
      'cli',
      'configApply',
      'firmwareInstall',
    ])
      expect(RPC_METHODS).toContain(m);
    for (const m of ['timers', 'serialPort', 'ioControl', 'switchConnection', 'dataManagement', 'poeStatus'])
      expect(RPC_METHODS).toContain(m);
    for (const m of ['resetPassword', 'syslog', 'lora', 'appInstall', 'appUninstall'])
      expect(RPC_METHODS).toContain(m);
  });

  it('fills parameter defaults and rejects out-of-range values', () => {
    const ping = parseRpcParams('ping', { host: '8.8.8.8' });
    expect(ping.success && ping.data).toEqual({ host: '8.8.8.8', count: 4, sizeBytes: 56 });
    expect(parseRpcParams('ping', { host: '8.8.8.8', count: 50 }).success).toBe(false);
    expect(parseRpcParams('keepAlive', { seconds: 30 }).success).toBe(false);
    expect(parseRpcParams('keepAlive', { seconds: 900 }).success).toBe(true);
    expect(parseRpcResult('ping', DEVICE_EXAMPLES.reply.result).success).toBe(true);
  });

  it('keeps RPC error codes apart from update error codes', () => {
    expect(RPC_ERRORS.every((e) => e.code >= 100)).toBe(true);
  });
});

describe('update states and errors', () => {
  it('has the seventeen app update error codes 0-16 in both languages', () => {
    expect(UPDATE_ERRORS.map((e) => e.code)).toEqual([...Array(17).keys()]);
    expect(UPDATE_ERROR.downloadFailed).toBe(2);
    expect(updateErrorText(15)?.en).toBe('Please upgrade the firmware to v5.2.2 first');
    expect(UPDATE_ERRORS.every((e) => e.cn.length > 0)).toBe(true);
  });

  it('moves forward only', () => {
    expect(canMoveUpdate('pending', 'updating')).toBe(true);
    expect(canMoveUpdate('updating', 'rebooting')).toBe(true);
    expect(canMoveUpdate('rebooting', 'success')).toBe(true);
    expect(canMoveUpdate('success', 'updating')).toBe(false);
    expect(canMoveUpdate('rebooting', 'pending')).toBe(false);
  });
});

describe('series', () => {
  it('lists the fourteen series, each with models and a valid capability profile', () => {
    expect(SERIES.map((s) => s.id)).toEqual([...SERIES_IDS]);
    for (const s of SERIES) {
      expect(s.models.length, s.id).toBeGreaterThan(0);
      expect(CapabilitiesSchema.safeParse(s.capabilities).success, s.id).toBe(true);
    }
    expect(seriesOfModel('r3000-lg')?.id).toBe('r3000lg');
  });

  it('gives two SIMs to dual-SIM devices and shows pppoe_bridge only on EG5100', () => {
    const caps = (id: string) => CapabilitiesSchema.parse(SERIES.find((s) => s.id === id)?.capabilities);
    expect(simCount(caps('r2000'))).toBe(2);
    expect(simCount(caps('r1500'))).toBe(1);
    expect(SERIES.filter((s) => s.capabilities.pppoeBridge).map((s) => s.id)).toEqual(['eg5100']);
    expect(SERIES.filter((s) => !s.configMenu).map((s) => s.id)).toEqual(['eg5100']);
  });
});
