import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/**
 * The VPN PKI through the openssl CLI (docs/decisions.md "VPN certificates"): ECDSA P-256 keys, a CA per
 * company, leaf certificates for the hub (serverAuth) and for members (clientAuth), and the CRL the hub
 * checks on every connection. Each call works in its own temporary directory, removed afterwards; keys
 * leave it only as text for the caller to seal.
 */

const run = promisify(execFile);
const CURVE = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
export const CA_DAYS = 3650;
export const LEAF_DAYS = 825;

export interface KeyPair {
  certPem: string;
  keyPem: string;
}

async function inTempDir<T>(work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'fleetport-pki-'));
  try {
    return await work(dir);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function openssl(dir: string, args: string[]): Promise<void> {
  await run('openssl', args, { cwd: dir });
}

/** A distinguished name for `-subj`; the names we make hold letters, digits, '-' and '.'. */
function subject(commonName: string): string {
  return `/CN=${commonName.replace(/[^\w.-]/g, '_')}`;
}

export async function createCa(commonName: string): Promise<KeyPair> {
  return inTempDir(async (dir) => {
    await openssl(dir, [
      'req',
      '-x509',
      ...CURVE,
      '-keyout',
      'ca.key',
      '-out',
      'ca.crt',
      '-days',
      String(CA_DAYS),
      '-subj',
      subject(commonName),
      '-set_serial',
      '1',
      '-addext',
      'basicConstraints=critical,CA:TRUE',
      '-addext',
      'keyUsage=critical,keyCertSign,cRLSign',
    ]);
    return {
      certPem: await fs.readFile(path.join(dir, 'ca.crt'), 'utf8'),
      keyPem: await fs.readFile(path.join(dir, 'ca.key'), 'utf8'),
    };
  });
}

export interface IssuedCertificate extends KeyPair {
  notAfter: Date;
}

export async function issueCertificate(
  ca: KeyPair,
  request: { commonName: string; serial: number; usage: 'server' | 'client' },
): Promise<IssuedCertificate> {
  return inTempDir(async (dir) => {
    await fs.writeFile(path.join(dir, 'ca.crt'), ca.certPem);
    await fs.writeFile(path.join(dir, 'ca.key'), ca.keyPem, { mode: 0o600 });
    await fs.writeFile(
      path.join(dir, 'ext.cnf'),
      [
        'basicConstraints=CA:FALSE',
        'keyUsage=critical,digitalSignature',
        `extendedKeyUsage=${request.usage === 'server' ? 'serverAuth' : 'clientAuth'}`,
        'subjectKeyIdentifier=hash',
        'authorityKeyIdentifier=keyid',
        '',
      ].join('\n'),
    );
    await openssl(dir, [
      'req',
      '-new',
      ...CURVE,
      '-keyout',
      'leaf.key',
      '-out',
      'leaf.csr',
      '-subj',
      subject(request.commonName),
    ]);
    await openssl(dir, [
      'x509',
      '-req',
      '-in',
      'leaf.csr',
      '-CA',
      'ca.crt',
      '-CAkey',
      'ca.key',
      '-set_serial',
      String(request.serial),
      '-days',
      String(LEAF_DAYS),
      '-extfile',
      'ext.cnf',
      '-out',
      'leaf.crt',
    ]);
    const certPem = await fs.readFile(path.join(dir, 'leaf.crt'), 'utf8');
    const { stdout } = await run('openssl', ['x509', '-in', 'leaf.crt', '-noout', '-enddate'], { cwd: dir });
    return {
      certPem,
      keyPem: await fs.readFile(path.join(dir, 'leaf.key'), 'utf8'),
      notAfter: new Date(stdout.trim().replace(/^notAfter=/, '')),
    };
  });
}

export interface RevokedEntry {
  serial: number;
  revokedAt: Date;
  notAfter: Date;
  commonName: string;
}

/** openssl's index.txt time: YYMMDDHHMMSSZ in UTC. */
function indexTime(at: Date): string {
  return `${at.toISOString().slice(2, 19).replace(/[-T:]/g, '')}Z`;
}

function serialHex(serial: number): string {
  const hex = serial.toString(16).toUpperCase();
  return hex.length % 2 === 0 ? hex : `0${hex}`;
}

/** The CA's CRL listing `revoked`, signed now and valid for the CA's lifetime. */
export async function makeCrl(ca: KeyPair, revoked: readonly RevokedEntry[]): Promise<string> {
  return inTempDir(async (dir) => {
    await fs.writeFile(path.join(dir, 'ca.crt'), ca.certPem);
    await fs.writeFile(path.join(dir, 'ca.key'), ca.keyPem, { mode: 0o600 });
    await fs.writeFile(
      path.join(dir, 'index.txt'),
      revoked
        .map(
          (r) =>
            `R\t${indexTime(r.notAfter)}\t${indexTime(r.revokedAt)}\t${serialHex(r.serial)}\tunknown\t${subject(r.commonName)}\n`,
        )
        .join(''),
    );
    await fs.writeFile(path.join(dir, 'crlnumber'), `${serialHex(revoked.length + 1)}\n`);
    await fs.writeFile(
      path.join(dir, 'ca.cnf'),
      [
        '[ ca ]',
        'default_ca = fleetport',
        '[ fleetport ]',
        'database = index.txt',
        'crlnumber = crlnumber',
        'default_md = sha256',
        `default_crl_days = ${CA_DAYS}`,
        '',
      ].join('\n'),
    );
    await openssl(dir, [
      'ca',
      '-gencrl',
      '-keyfile',
      'ca.key',
      '-cert',
      'ca.crt',
      '-out',
      'crl.pem',
      '-config',
      'ca.cnf',
    ]);
    return fs.readFile(path.join(dir, 'crl.pem'), 'utf8');
  });
}
