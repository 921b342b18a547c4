import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  addVpnGroupDevicesCall,
  createVpnGroupCall,
  removeVpnGroupDevicesCall,
  rotateVpnCertificateCall,
  type VpnGroup,
} from '@fleetport/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually } from '../../gateway/testing/gateway-env.ts';
import { companyOwner, type Owner } from '../devices/device-test-kit.ts';
import { type SimulatedFleet, startSimulatedFleet } from '../devices/simulated-device-kit.ts';
import { putOnLevel } from '../licences/licence-test-kit.ts';

/**
 * Routers join and leave VPN groups through the device protocol (docs/device-protocol.md §7.6), with a
 * real certificate from the company's CA (openssl CLI): the simulated router gets `vpnJoin` with its
 * profile, comes up with its fixed address, and after its removal gets `vpnLeave` while its certificate
 * is on the company's CRL. (In this project because the PKI needs Debian's openssl.)
 */

let fleet: SimulatedFleet;
let acme: Owner;
let group: VpnGroup;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'fleetport-vpn-routers-'));

function section(profile: string, tag: string): string {
  const match = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(profile);
  if (!match) throw new Error(`no <${tag}> in the profile`);
  return `${match[1]}\n`;
}

function verify(caPem: string, certPem: string, crlPem?: string): string {
  fs.writeFileSync(path.join(work, 'ca.pem'), caPem);
  fs.writeFileSync(path.join(work, 'cert.pem'), certPem);
  const args = ['verify', '-CAfile', path.join(work, 'ca.pem')];
  if (crlPem) {
    fs.writeFileSync(path.join(work, 'crl.pem'), crlPem);
    args.push('-crl_check', '-CRLfile', path.join(work, 'crl.pem'));
  }
  try {
    return execFileSync('openssl', [...args, path.join(work, 'cert.pem')], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
  } catch (error) {
    return (
      String((error as { stdout?: string; stderr?: string }).stdout ?? '') +
      String((error as { stderr?: string }).stderr ?? '')
    );
  }
}

beforeAll(async () => {
  fleet = await startSimulatedFleet();
  acme = await companyOwner(fleet.t, 'Acme Routers', 'owner@acme-routers.test');
  await fleet.connect(acme, 'VR0001', 'r3000', 'R3000');
  await putOnLevel(fleet.t, acme, ['VR0001'], 'ADVANCED');
  const created = await acme.run(createVpnGroupCall, { name: 'Sites', region: 'EUR', dataLimitMb: 100 });
  group = created.data!;
});
afterAll(async () => {
  await fleet?.close();
  fs.rmSync(work, { recursive: true, force: true });
});

describe('routers in VPN groups', () => {
  it('sends a joining router its profile with a certificate of the company CA; it comes up with its address', async () => {
    const added = await acme.run(addVpnGroupDevicesCall, { vpnGroupId: group.vpnGroupId, sns: ['VR0001'] });
    expect(added.code).toBe(0);
    const router = fleet.devices.find((d) => d.sn === 'VR0001')!;
    const tunnel = await eventually(
      async () => (router.state.vpnTunnel?.state === 'connected' ? router.state.vpnTunnel : undefined),
      20_000,
      'the router tunnel',
    );
    expect(tunnel).toMatchObject({
      groupId: group.vpnGroupId,
      virtualIp: added.data![0]!.virtualIp,
      commonName: `fp-g${group.vpnGroupId}-device-VR0001`,
    });
    expect(tunnel.profile).toContain(`remote ${fleet.t.deps.config.vpn.publicHost} ${group.port}`);
    expect(tunnel.profile).toContain('data-ciphers AES-256-GCM');
    const ca = section(tunnel.profile, 'ca');
    const cert = section(tunnel.profile, 'cert');
    expect(verify(ca, cert)).toContain('OK');
    const subject = execFileSync('openssl', ['x509', '-noout', '-subject'], {
      input: cert,
      encoding: 'utf8',
    });
    expect(subject).toContain(`fp-g${group.vpnGroupId}-device-VR0001`);
  });

  it('rotates a router certificate: the router takes the new one, the old one is on the CRL', async () => {
    const router = fleet.devices.find((d) => d.sn === 'VR0001')!;
    const before = router.state.vpnTunnel!.profile;
    const rotated = await acme.run(rotateVpnCertificateCall, { vpnGroupId: group.vpnGroupId, sn: 'VR0001' });
    expect(rotated.code, rotated.msg).toBe(0);
    expect(rotated.data!.commonName).toBe(`fp-g${group.vpnGroupId}-device-VR0001`);
    const after = await eventually(
      async () => {
        const t = router.state.vpnTunnel;
        return t?.state === 'connected' && t.profile !== before ? t.profile : undefined;
      },
      20_000,
      'the router to reconnect with its new certificate',
    );
    const { crl_pem } = await fleet.t.deps.db
      .selectFrom('vpn_ca')
      .select('crl_pem')
      .where('company_id', '=', acme.companyId)
      .executeTakeFirstOrThrow();
    expect(verify(section(after, 'ca'), section(after, 'cert'), crl_pem)).toContain('OK');
    expect(verify(section(before, 'ca'), section(before, 'cert'), crl_pem)).toContain('certificate revoked');
    const serial = execFileSync('openssl', ['x509', '-noout', '-serial'], {
      input: section(after, 'cert'),
      encoding: 'utf8',
    });
    expect(Number.parseInt(serial.trim().split('=')[1]!, 16)).toBe(rotated.data!.serial);
  });

  it('tells a removed router to leave, and its certificate is revoked on the company CRL', async () => {
    const router = fleet.devices.find((d) => d.sn === 'VR0001')!;
    const profile = router.state.vpnTunnel!.profile;
    const removed = await acme.run(removeVpnGroupDevicesCall, {
      vpnGroupId: group.vpnGroupId,
      sns: ['VR0001'],
    });
    expect(removed.code).toBe(0);
    await eventually(async () => router.state.vpnTunnel === null, 20_000, 'the router to leave');
    const { crl_pem } = await fleet.t.deps.db
      .selectFrom('vpn_ca')
      .select('crl_pem')
      .where('company_id', '=', acme.companyId)
      .executeTakeFirstOrThrow();
    expect(verify(section(profile, 'ca'), section(profile, 'cert'), crl_pem)).toContain(
      'certificate revoked',
    );
  });
});
