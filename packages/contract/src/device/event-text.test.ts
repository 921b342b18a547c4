import { describe, expect, it } from 'vitest';
import { deviceEventText } from './event-text.ts';

describe('device events in words', () => {
  it('says what happened in both languages', () => {
    expect(deviceEventText('boot', { reason: 'powerOn' }, 'en')).toBe('Booted (power on)');
    expect(deviceEventText('boot', { reason: 'powerOn' }, 'cn')).toBe('已启动（上电）');
    expect(deviceEventText('linkChange', { from: 'wan', to: 'cellular1' }, 'en')).toBe(
      'Link changed from WAN to cellular (SIM 1)',
    );
    expect(deviceEventText('linkChange', { from: null, to: 'wifi' }, 'cn')).toBe('链路从 无 切换到 Wi-Fi');
    expect(deviceEventText('configChanged', { by: 'local', lastUpdatedTime: 1 }, 'en')).toBe(
      'Configuration changed on the device',
    );
  });

  it("says a device's step in a rollout with its batch and, when it ended badly, why", () => {
    const rollout = { rolloutId: 7, rollout: 'May firmware' };
    expect(deviceEventText('rollout', { ...rollout, state: 'waiting' }, 'en')).toBe(
      'Rollout "May firmware": added, waiting for its batch',
    );
    expect(
      deviceEventText('rollout', { ...rollout, state: 'rebooting', from: 'updating', batch: 2 }, 'en'),
    ).toBe('Rollout "May firmware", batch 2: Rebooting');
    expect(
      deviceEventText(
        'rollout',
        { ...rollout, state: 'failure', from: 'verifying', batch: 2, reasonKind: 'health' },
        'cn',
      ),
    ).toBe('升级任务“May firmware”，第 2 批：失败（链路未按时恢复正常）');
    expect(
      deviceEventText(
        'rollout',
        {
          ...rollout,
          state: 'waiting',
          from: 'pending',
          batch: 1,
          reasonKind: 'catalogue',
          reasonCode: 120072,
        },
        'en',
      ),
    ).toMatch(/^Rollout "May firmware", batch 1: Waiting \(.+\)$/);
    expect(
      deviceEventText('rollout', { ...rollout, state: 'timeout', from: 'updating', batch: 3 }, 'en'),
    ).toBe('Rollout "May firmware", batch 3: Timeout (no final state before its deadline)');
  });

  it('shows an event it does not know as sent', () => {
    expect(deviceEventText('fanStopped', { fan: 2 }, 'en')).toBe('fanStopped {"fan":2}');
    expect(deviceEventText('fanStopped', {}, 'en')).toBe('fanStopped');
  });
});
