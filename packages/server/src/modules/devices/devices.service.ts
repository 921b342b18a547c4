import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type ClaimAnswer,
  type ClaimRequest,
  type HelloMessage,
  KEEPALIVE_SECONDS,
  parseDeviceUsername,
  simCount,
  verifyClaimPassword,
} from '@fleetport/contract';
import type { DeviceAuthResult } from '../../gateway/broker.ts';
import type { Clock } from '../../platform/clock.ts';
import { type Db, inTransaction } from '../../platform/db/open.ts';
import { createBatchLoader } from './batch-loader.ts';
import {
  type DeviceImportRow,
  findDeviceCredentials,
  findDeviceImport,
  logClaimAttempt,
  saveClaimedDevice,
  saveDeviceSelfReport,
  upsertDeviceImports,
} from './devices.store.ts';

export interface DevicesServiceDeps {
  db: Db;
  clock: Clock;
  /** The factory claim key that signs claim proofs. */
  factoryKey: string;
}

/** The device secret: 256 random bits, so a plain SHA-256 is a safe way to store it. */
export function newDeviceSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashDeviceSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** `:<tag>` after the user name: an auxiliary connection of the same device (protocol §3). */
const AUXILIARY = /^:[A-Za-z0-9_.-]{1,32}$/;

const hmacSha256Hex = (key: string, message: string) =>
  createHmac('sha256', key).update(message).digest('hex');

/** The device registry's rules: imports for zero touch, the claim, device credentials, self-reports. */
export function createDevicesService(deps: DevicesServiceDeps) {
  const { db, clock } = deps;
  const credentialsOf = createBatchLoader((sns: string[]) => findDeviceCredentials(db, sns));

  /**
   * Checks an MQTT login. A claimed device proves its secret; a device in the claim phase proves its
   * MAC or IMEI against the company's import row with the factory proof. Refused claims are logged.
   */
  async function authenticateDevice(
    username: string | undefined,
    password: string | undefined,
    clientId: string,
  ): Promise<DeviceAuthResult> {
    const login = parseDeviceUsername(username);
    // The client id is the user name (or `<user name>:<tag>` for an auxiliary connection), so no
    // one can take over another device's session by its client id.
    const main = clientId === username;
    if (
      !login ||
      !password ||
      !(main || (clientId.startsWith(`${username}:`) && AUXILIARY.test(clientId.slice(username?.length))))
    ) {
      return { ok: false, refusal: 'notAuthorized' };
    }
    if (login.phase === 'claimed') {
      const credentials = await credentialsOf(login.sn);
      if (!credentials) return { ok: false, refusal: 'notAuthorized' };
      return sameHash(credentials.secretHash, hashDeviceSecret(password))
        ? { ok: true, login, main }
        : { ok: false, refusal: 'badCredentials' };
    }
    const imported = await findDeviceImport(db, login.sn);
    const at = clock.now();
    if (!imported) {
      await logClaimAttempt(db, {
        sn: login.sn,
        companyId: null,
        outcome: 'refused',
        reason: 'unknownDevice',
        mac: null,
        imei: null,
        at,
      });
      return { ok: false, refusal: 'notAuthorized' };
    }
    const verdict = verifyClaimPassword({
      sn: login.sn,
      password,
      imported,
      nowMs: at.getTime(),
      factoryKey: deps.factoryKey,
      hmac: hmacSha256Hex,
    });
    if (!verdict.ok) {
      await logClaimAttempt(db, {
        sn: login.sn,
        companyId: imported.company_id,
        outcome: 'refused',
        reason: verdict.reason,
        mac: imported.mac,
        imei: imported.imei,
        at,
      });
      return { ok: false, refusal: 'notAuthorized' };
    }
    return { ok: true, login, main };
  }

  /**
   * Answers the claim request of a device whose claim-phase login was proven (the ACL lets only such
   * a session publish `up/claim`): creates the device in the importing company and issues its secret.
   */
  async function claimDevice(sn: string, request: ClaimRequest): Promise<ClaimAnswer> {
    const at = clock.now();
    return inTransaction(db, async (tx) => {
      const imported = await findDeviceImport(tx, sn);
      if (!imported) {
        await logClaimAttempt(tx, {
          sn,
          companyId: null,
          outcome: 'refused',
          reason: 'unknownDevice',
          mac: request.mac,
          imei: request.imei ?? null,
          at,
        });
        return {
          type: 'claimRefused',
          requestId: request.requestId,
          reason: 'unknownDevice',
          message: 'No company has imported this serial number',
        };
      }
      const secret = newDeviceSecret();
      await saveClaimedDevice(tx, {
        sn,
        companyId: imported.company_id,
        name: imported.name || sn,
        model: imported.model || request.model,
        mac: request.mac,
        imei: request.imei ?? imported.imei,
        secretHash: hashDeviceSecret(secret),
        at,
      });
      await saveDeviceSelfReport(
        tx,
        sn,
        {
          model: request.model,
          series: request.series,
          firmwareVersion: request.firmwareVersion,
          appVersion: request.appVersion,
        },
        at,
      );
      await logClaimAttempt(tx, {
        sn,
        companyId: imported.company_id,
        outcome: 'claimed',
        reason: imported.claimed_at ? 'reclaimed' : null,
        mac: request.mac,
        imei: request.imei ?? null,
        at,
      });
      return {
        type: 'claimAccepted',
        requestId: request.requestId,
        secret,
        keepAlive: KEEPALIVE_SECONDS.default,
      };
    });
  }

  /** Stores what a device says about itself after each connect. */
  async function recordHello(sn: string, hello: HelloMessage): Promise<void> {
    await saveDeviceSelfReport(
      db,
      sn,
      {
        model: hello.model,
        series: hello.series,
        firmwareVersion: hello.firmwareVersion,
        appVersion: hello.appVersion,
        capabilities: hello.capabilities,
        mac: hello.mac,
        imei: hello.imei ?? null,
        iccid: hello.iccid ?? null,
        imsi: hello.imsi ?? null,
        ssid: hello.ssid ?? null,
        ip: hello.ip,
        routerId: hello.routerId ?? null,
        networkEnv: hello.networkEnvironment,
        connectionType: hello.connectionType,
        activeLink: hello.activeLink,
        // core §3: a dual-SIM device counts two SIMs; one without a modem none.
        simCount: simCount(hello.capabilities),
        keepAlive: hello.keepAlive,
        protocolVersion: hello.protocolVersion,
      },
      clock.now(),
    );
  }

  /** Import rows (the device console's import will call this); a claim is proven against them. */
  async function importDevices(rows: readonly DeviceImportRow[]): Promise<void> {
    await upsertDeviceImports(db, rows);
  }

  return { authenticateDevice, claimDevice, recordHello, importDevices };
}

export type DevicesService = ReturnType<typeof createDevicesService>;
