import { createHash } from 'node:crypto';
import {
  CONFIG_MENU_SERIES,
  readDeviceConfiguration,
  SERIES,
  writeDeviceConfiguration,
} from '@fleetport/contract';
import { describe, expect, it } from 'vitest';
import { identityOf } from './identity.ts';
import { RouterState } from './router-state.ts';

const router = (series: Parameters<typeof identityOf>[1]) =>
  new RouterState(identityOf(`T-${series}-1`, series), 120);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe("the contract's configuration sections read what the simulator writes", () => {
  it.each([...CONFIG_MENU_SERIES, 'eg5100' as const])(
    '%s: every section understood, written back to the same checksum',
    (id) => {
      const xml = router(id).configXml;
      const config = readDeviceConfiguration(xml);
      expect(config).not.toBeNull();
      if (!config) return;
      const notUnderstood = [...config.sections]
        .filter(([, state]) => !('value' in state))
        .map(([key]) => key);
      expect(notUnderstood).toEqual([]);
      expect(config.sections.size).toBeGreaterThan(20);
      const again = writeDeviceConfiguration(config);
      expect(sha256(again)).toBe(sha256(xml));
    },
  );

  it('writes a changed value where the router keeps it', () => {
    const series = SERIES.find((s) => s.capabilities.wifi);
    const xml = router(series?.id ?? 'r3000').configXml;
    const config = readDeviceConfiguration(xml);
    const lan = config?.sections.get('interface/lan');
    const wifi = config?.sections.get('interface/wifi');
    if (!config || !lan || !('value' in lan) || !wifi || !('value' in wifi))
      throw new Error('no lan or wifi');
    lan.value.dhcp = { ...(lan.value.dhcp as object), start: '192.168.0.50', limit: 100 };
    wifi.value.ssid = 'Depot <north> & "yard"';
    const written = writeDeviceConfiguration(config);
    expect(written).toContain('<dhcp enabled="true" start="192.168.0.50" limit="100" lease="12h"></dhcp>');
    expect(written).toContain('<ssid>Depot &lt;north&gt; &amp; "yard"</ssid>');
    const reread = readDeviceConfiguration(written)?.sections.get('interface/wifi');
    expect(reread && 'value' in reread ? reread.value.ssid : null).toBe('Depot <north> & "yard"');
  });
});
