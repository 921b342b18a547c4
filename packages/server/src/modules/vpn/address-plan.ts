/**
 * Address arithmetic of VPN groups (docs/decisions.md "VPN address pool"). Every group's virtual
 * network is a block of the platform's pool, 10.224.0.0/12, aligned to its size and overlapping no
 * other group on the platform: so never another group of the company (a service client in two groups
 * routes both), and never a network already routed on the hub host that serves it. The hub takes the
 * first host address, members the rest; a member keeps its address when it leaves and returns.
 */

export const VPN_POOL = { network: '10.224.0.0', prefix: 12 } as const;

export function ipToInt(ip: string): number {
  return ip.split('.').reduce((acc, part) => acc * 256 + Number(part), 0);
}

export function intToIp(value: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(value / 2 ** shift) % 256).join('.');
}

export function blockSize(prefix: number): number {
  return 2 ** (32 - prefix);
}

export function netmaskOf(prefix: number): string {
  return intToIp(2 ** 32 - blockSize(prefix));
}

export interface Block {
  start: number;
  size: number;
}

export function blockOf(network: string, prefix: number): Block {
  return { start: ipToInt(network), size: blockSize(prefix) };
}

function overlaps(a: Block, b: Block): boolean {
  return a.start < b.start + b.size && b.start < a.start + a.size;
}

/** The lowest free block of `prefix` in the pool that overlaps none of `taken`, or null when none is. */
export function allocateNetwork(prefix: number, taken: readonly Block[]): string | null {
  const pool = blockOf(VPN_POOL.network, VPN_POOL.prefix);
  const size = blockSize(prefix);
  const sorted = [...taken].sort((a, b) => a.start - b.start);
  let candidate = pool.start;
  for (const block of sorted) {
    if (candidate + size <= block.start) break;
    if (overlaps({ start: candidate, size }, block)) {
      // Past this block, aligned to our size.
      candidate = Math.ceil((block.start + block.size) / size) * size;
    }
  }
  return candidate + size <= pool.start + pool.size ? intToIp(candidate) : null;
}

/** The hub's own address: the network's first host. */
export function hubAddressOf(network: string): string {
  return intToIp(ipToInt(network) + 1);
}

/** Members a network holds: every host but the hub's (the network and broadcast addresses excluded). */
export function memberCapacity(prefix: number): number {
  return blockSize(prefix) - 3;
}

/** The lowest member address of the network that is not in `used`, or null when every one is. */
export function freeMemberAddress(network: string, prefix: number, used: ReadonlySet<string>): string | null {
  const start = ipToInt(network);
  for (let host = start + 2; host < start + blockSize(prefix) - 1; host++) {
    const ip = intToIp(host);
    if (!used.has(ip)) return ip;
  }
  return null;
}

export function cidrOf(network: string, prefix: number): string {
  return `${network}/${prefix}`;
}
