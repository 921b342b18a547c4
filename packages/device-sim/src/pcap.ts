import type { Random } from './random.ts';

/** Little-endian pcap magic number (microsecond timestamps), what tcpdump writes. */
export const PCAP_MAGIC = 0xa1b2c3d4;
const LINKTYPE_ETHERNET = 1;

/**
 * A small but valid pcap file: the 24-byte global header and `count` UDP packets from the router to
 * a DNS server, so Wireshark opens what the capture tool offers for download.
 */
export function samplePcap(rng: Random, count: number, startMs = Date.now()): Buffer {
  const header = Buffer.alloc(24);
  header.writeUInt32LE(PCAP_MAGIC, 0);
  header.writeUInt16LE(2, 4);
  header.writeUInt16LE(4, 6);
  header.writeInt32LE(0, 8);
  header.writeUInt32LE(0, 12);
  header.writeUInt32LE(65535, 16);
  header.writeUInt32LE(LINKTYPE_ETHERNET, 20);
  const records = Array.from({ length: count }, (_, i) => {
    const frame = udpFrame(rng, i);
    const ts = startMs + i * rng.int(1, 200);
    const rec = Buffer.alloc(16);
    rec.writeUInt32LE(Math.floor(ts / 1000), 0);
    rec.writeUInt32LE((ts % 1000) * 1000, 4);
    rec.writeUInt32LE(frame.length, 8);
    rec.writeUInt32LE(frame.length, 12);
    return Buffer.concat([rec, frame]);
  });
  return Buffer.concat([header, ...records]);
}

/** Ethernet + IPv4 + UDP to port 53 with a short payload (checksums left 0: allowed for UDP). */
function udpFrame(rng: Random, index: number): Buffer {
  const payload = Buffer.from(`fleetport capture ${index}`);
  const ip = Buffer.alloc(20);
  ip.writeUInt8(0x45, 0);
  ip.writeUInt16BE(20 + 8 + payload.length, 2);
  ip.writeUInt16BE(rng.int(0, 65535), 4);
  ip.writeUInt8(64, 8);
  ip.writeUInt8(17, 9);
  Buffer.from([192, 168, 0, 1]).copy(ip, 12);
  Buffer.from([8, 8, 8, 8]).copy(ip, 16);
  const udp = Buffer.alloc(8);
  udp.writeUInt16BE(rng.int(1024, 65535), 0);
  udp.writeUInt16BE(53, 2);
  udp.writeUInt16BE(8 + payload.length, 4);
  const eth = Buffer.from([0, 0, 0x5e, 0, 1, 1, 0, 0x1a, 0x2b, 0, 0, 1, 0x08, 0x00]);
  return Buffer.concat([eth, ip, udp, payload]);
}
