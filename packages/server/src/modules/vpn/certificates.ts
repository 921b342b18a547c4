import type { ServerConfig } from '../../platform/config.ts';
import { type Db, type DbOrTx, inTransaction } from '../../platform/db/open.ts';
import { type SecretSeal, secretSeal } from '../../platform/sealed-secret.ts';
import { createCa, issueCertificate, type KeyPair, makeCrl } from './pki.ts';

/**
 * The company's VPN PKI kept in the database (docs/decisions.md "VPN certificates"): the CA's key and
 * every issued key are sealed (AES-256-GCM under a key derived from the server secret), certificates
 * and the CRL are public. A member's certificate is issued when it joins a group and revoked when it
 * leaves; the CRL is made again at each revocation.
 */

export interface PkiDeps {
  db: Db;
  config: ServerConfig;
}

const HUB_COMMON_NAME = 'fleetport-hub';

const seals = new WeakMap<Db, SecretSeal>();

function sealOf(deps: PkiDeps): SecretSeal {
  let seal = seals.get(deps.db);
  if (!seal) {
    seal = secretSeal(deps.db, deps.config.serverSecret, 'vpn-pki');
    seals.set(deps.db, seal);
  }
  return seal;
}

/**
 * Reads the server secret the keys are sealed under before a transaction opens: on PGlite (one
 * connection) the first read inside the transaction would wait for the transaction itself.
 */
export async function preparePki(deps: PkiDeps): Promise<void> {
  await sealOf(deps).seal('');
}

/** The name a member's certificate carries, which the hub reads its address file by. */
export function memberCommonName(groupId: number, memberKey: string): string {
  return `fp-g${groupId}-${memberKey.replace(':', '-')}`.replace(/[^\w.-]/g, '_');
}

export interface CompanyCa extends KeyPair {
  crlPem: string;
}

/** The company's CA, made on first use (a second maker waits on the row and reads the first's). */
export async function companyCa(deps: PkiDeps, tx: DbOrTx, companyId: number): Promise<CompanyCa> {
  const seal = sealOf(deps);
  let row = await tx
    .selectFrom('vpn_ca')
    .selectAll()
    .where('company_id', '=', companyId)
    .forUpdate()
    .executeTakeFirst();
  if (!row) {
    const ca = await createCa(`Fleetport VPN CA ${companyId}`);
    const crlPem = await makeCrl(ca, []);
    await tx
      .insertInto('vpn_ca')
      .values({
        company_id: companyId,
        cert_pem: ca.certPem,
        key_sealed: await seal.seal(ca.keyPem),
        next_serial: 2,
        crl_pem: crlPem,
        created_at: new Date(),
      })
      .onConflict((oc) => oc.column('company_id').doNothing())
      .execute();
    row = await tx
      .selectFrom('vpn_ca')
      .selectAll()
      .where('company_id', '=', companyId)
      .forUpdate()
      .executeTakeFirstOrThrow();
  }
  return { certPem: row.cert_pem, keyPem: await seal.open(row.key_sealed), crlPem: row.crl_pem };
}

async function nextSerial(tx: DbOrTx, companyId: number): Promise<number> {
  const row = await tx
    .updateTable('vpn_ca')
    .set((eb) => ({ next_serial: eb('next_serial', '+', 1) }))
    .where('company_id', '=', companyId)
    .returning('next_serial')
    .executeTakeFirstOrThrow();
  return Number(row.next_serial) - 1;
}

async function issue(
  deps: PkiDeps,
  tx: DbOrTx,
  companyId: number,
  request: {
    kind: 'server' | 'member';
    groupId: number | null;
    memberKey: string | null;
    commonName: string;
  },
  at: Date,
): Promise<void> {
  const ca = await companyCa(deps, tx, companyId);
  const serial = await nextSerial(tx, companyId);
  const cert = await issueCertificate(ca, {
    commonName: request.commonName,
    serial,
    usage: request.kind === 'server' ? 'server' : 'client',
  });
  await tx
    .insertInto('vpn_certificate')
    .values({
      company_id: companyId,
      serial,
      kind: request.kind,
      group_id: request.groupId,
      member_key: request.memberKey,
      common_name: request.commonName,
      cert_pem: cert.certPem,
      key_sealed: await sealOf(deps).seal(cert.keyPem),
      not_after: cert.notAfter,
      issued_at: at,
      revoked_at: null,
    })
    .execute();
}

/** Members of the group, of `memberKeys`, that hold a certificate not revoked. */
async function membersHolding(
  db: DbOrTx,
  companyId: number,
  groupId: number,
  memberKeys: readonly string[],
): Promise<Set<string>> {
  if (memberKeys.length === 0) return new Set();
  const rows = await db
    .selectFrom('vpn_certificate')
    .select('member_key')
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .where('member_key', 'in', [...memberKeys])
    .where('revoked_at', 'is', null)
    .execute();
  return new Set(rows.map((r) => r.member_key ?? ''));
}

/** Certificates signed at once: openssl is a process each, and the machine's cores are what limit it. */
const SIGNING_AT_ONCE = 2;

interface SignedCertificate {
  key: string;
  serial: number;
  certPem: string;
  keyPem: string;
  keySealed: string;
  notAfter: Date;
}

/**
 * Signs a certificate for each member key outside any transaction (see issueMemberCertificates), with
 * serials reserved first in a short transaction on the CA's row.
 */
async function signMembers(
  deps: PkiDeps,
  companyId: number,
  groupId: number,
  missing: readonly string[],
): Promise<SignedCertificate[]> {
  const { ca, first } = await inTransaction(deps.db, async (tx) => {
    const ca = await companyCa(deps, tx, companyId);
    const row = await tx
      .updateTable('vpn_ca')
      .set((eb) => ({ next_serial: eb('next_serial', '+', missing.length) }))
      .where('company_id', '=', companyId)
      .returning('next_serial')
      .executeTakeFirstOrThrow();
    return { ca, first: Number(row.next_serial) - missing.length };
  });
  const seal = sealOf(deps);
  const signed: SignedCertificate[] = [];
  for (let i = 0; i < missing.length; i += SIGNING_AT_ONCE) {
    const slice = missing.slice(i, i + SIGNING_AT_ONCE);
    signed.push(
      ...(await Promise.all(
        slice.map(async (key, j) => {
          const serial = first + i + j;
          const cert = await issueCertificate(ca, {
            commonName: memberCommonName(groupId, key),
            serial,
            usage: 'client',
          });
          return {
            key,
            serial,
            certPem: cert.certPem,
            keyPem: cert.keyPem,
            keySealed: await seal.seal(cert.keyPem),
            notAfter: cert.notAfter,
          };
        }),
      )),
    );
  }
  return signed;
}

/**
 * A certificate for each member of the group that holds none not revoked. Signing (openssl processes,
 * about 0.1 s each) happens outside any transaction: on PGlite's one connection a transaction around
 * it stopped every other statement of the server, the gateway's included, for a thousand routers'
 * worth of signing. The serials are reserved first in a short transaction on the CA's row; the
 * certificates are stored in another, under the same row lock, except for a member that got one
 * meanwhile (a join at the same time), whose reserved serial stays unused.
 */
export async function issueMemberCertificates(
  deps: PkiDeps,
  companyId: number,
  groupId: number,
  memberKeys: readonly string[],
  at: Date,
): Promise<void> {
  const held = await membersHolding(deps.db, companyId, groupId, memberKeys);
  const missing = [...new Set(memberKeys)].filter((key) => !held.has(key));
  if (missing.length === 0) return;
  const signed = await signMembers(deps, companyId, groupId, missing);
  await inTransaction(deps.db, async (tx) => {
    // The CA's row orders the stores of joins at the same time: the second sees the first's certificates.
    await tx
      .selectFrom('vpn_ca')
      .select('company_id')
      .where('company_id', '=', companyId)
      .forUpdate()
      .execute();
    const heldNow = await membersHolding(tx, companyId, groupId, missing);
    const rows = signed
      .filter((c) => !heldNow.has(c.key))
      .map((c) => ({
        company_id: companyId,
        serial: c.serial,
        kind: 'member' as const,
        group_id: groupId,
        member_key: c.key,
        common_name: memberCommonName(groupId, c.key),
        cert_pem: c.certPem,
        key_sealed: c.keySealed,
        not_after: c.notAfter,
        issued_at: at,
        revoked_at: null,
      }));
    if (rows.length > 0) await tx.insertInto('vpn_certificate').values(rows).execute();
  });
}

/** Revokes the members' certificates in a group (all members when `memberKeys` is null) and remakes the CRL. */
export async function revokeMembers(
  deps: PkiDeps,
  tx: DbOrTx,
  companyId: number,
  groupId: number,
  memberKeys: readonly string[] | null,
  at: Date,
): Promise<void> {
  let q = tx
    .updateTable('vpn_certificate')
    .set({ revoked_at: at })
    .where('company_id', '=', companyId)
    .where('group_id', '=', groupId)
    .where('kind', '=', 'member')
    .where('revoked_at', 'is', null);
  if (memberKeys !== null) {
    if (memberKeys.length === 0) return;
    q = q.where('member_key', 'in', memberKeys);
  }
  const revoked = await q.returning('serial').execute();
  if (revoked.length > 0) await remakeCrl(deps, tx, companyId);
}

/**
 * Replaces a member's certificate (docs/decisions.md "VPN certificate rotation"): a new one is signed
 * (outside any transaction, as every signing), then in one transaction the member's certificates before
 * it are revoked, the new one stored, the CRL made again and `withinTx` run (the hub takes the new CRL;
 * a hub that does not answer undoes it all). Answers the new certificate with its key.
 */
export async function rotateMemberCertificate(
  deps: PkiDeps,
  companyId: number,
  groupId: number,
  memberKey: string,
  at: Date,
  withinTx: (tx: DbOrTx) => Promise<void>,
): Promise<{ serial: number; certPem: string; keyPem: string; commonName: string; notAfter: Date }> {
  const [signed] = await signMembers(deps, companyId, groupId, [memberKey]);
  if (!signed) throw new Error('no certificate was signed');
  const commonName = memberCommonName(groupId, memberKey);
  await inTransaction(deps.db, async (tx) => {
    await tx
      .selectFrom('vpn_ca')
      .select('company_id')
      .where('company_id', '=', companyId)
      .forUpdate()
      .execute();
    await tx
      .updateTable('vpn_certificate')
      .set({ revoked_at: at })
      .where('company_id', '=', companyId)
      .where('group_id', '=', groupId)
      .where('kind', '=', 'member')
      .where('member_key', '=', memberKey)
      .where('revoked_at', 'is', null)
      .execute();
    await tx
      .insertInto('vpn_certificate')
      .values({
        company_id: companyId,
        serial: signed.serial,
        kind: 'member',
        group_id: groupId,
        member_key: memberKey,
        common_name: commonName,
        cert_pem: signed.certPem,
        key_sealed: signed.keySealed,
        not_after: signed.notAfter,
        issued_at: at,
        revoked_at: null,
      })
      .execute();
    await remakeCrl(deps, tx, companyId);
    await withinTx(tx);
  });
  return {
    serial: signed.serial,
    certPem: signed.certPem,
    keyPem: signed.keyPem,
    commonName,
    notAfter: signed.notAfter,
  };
}

async function remakeCrl(deps: PkiDeps, tx: DbOrTx, companyId: number): Promise<void> {
  const ca = await companyCa(deps, tx, companyId);
  const revoked = await tx
    .selectFrom('vpn_certificate')
    .select(['serial', 'revoked_at', 'not_after', 'common_name'])
    .where('company_id', '=', companyId)
    .where('revoked_at', 'is not', null)
    .orderBy('serial')
    .execute();
  const crlPem = await makeCrl(
    ca,
    revoked.map((r) => ({
      serial: Number(r.serial),
      revokedAt: r.revoked_at as Date,
      notAfter: r.not_after,
      commonName: r.common_name,
    })),
  );
  await tx.updateTable('vpn_ca').set({ crl_pem: crlPem }).where('company_id', '=', companyId).execute();
}

export interface Credentials {
  caPem: string;
  certPem: string;
  keyPem: string;
  commonName: string;
}

async function credentialsOf(
  deps: PkiDeps,
  db: DbOrTx,
  companyId: number,
  where: { kind: 'server' | 'member'; groupId: number | null; memberKey: string | null },
): Promise<Credentials | null> {
  let q = db
    .selectFrom('vpn_certificate')
    .select(['cert_pem', 'key_sealed', 'common_name'])
    .where('company_id', '=', companyId)
    .where('kind', '=', where.kind)
    .where('revoked_at', 'is', null)
    .orderBy('serial', 'desc');
  if (where.groupId !== null) q = q.where('group_id', '=', where.groupId);
  if (where.memberKey !== null) q = q.where('member_key', '=', where.memberKey);
  const row = await q.executeTakeFirst();
  if (!row) return null;
  const ca = await db
    .selectFrom('vpn_ca')
    .select('cert_pem')
    .where('company_id', '=', companyId)
    .executeTakeFirstOrThrow();
  return {
    caPem: ca.cert_pem,
    certPem: row.cert_pem,
    keyPem: await sealOf(deps).open(row.key_sealed),
    commonName: row.common_name,
  };
}

export function memberCredentials(
  deps: PkiDeps,
  db: DbOrTx,
  companyId: number,
  groupId: number,
  memberKey: string,
) {
  return credentialsOf(deps, db, companyId, { kind: 'member', groupId, memberKey });
}

/** The company's hub certificate (one per company CA, shared by its groups' hub instances). */
export async function hubCredentials(
  deps: PkiDeps,
  tx: DbOrTx,
  companyId: number,
  at: Date,
): Promise<Credentials & { crlPem: string }> {
  let creds = await credentialsOf(deps, tx, companyId, { kind: 'server', groupId: null, memberKey: null });
  if (!creds) {
    await issue(
      deps,
      tx,
      companyId,
      { kind: 'server', groupId: null, memberKey: null, commonName: HUB_COMMON_NAME },
      at,
    );
    creds = await credentialsOf(deps, tx, companyId, { kind: 'server', groupId: null, memberKey: null });
  }
  const ca = await companyCa(deps, tx, companyId);
  return { ...(creds as Credentials), crlPem: ca.crlPem };
}
