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

  it('shows an event it does not know as sent', () => {
    expect(deviceEventText('fanStopped', { fan: 2 }, 'en')).toBe('fanStopped {"fan":2}');
    expect(deviceEventText('fanStopped', {}, 'en')).toBe('fanStopped');
  });
});
