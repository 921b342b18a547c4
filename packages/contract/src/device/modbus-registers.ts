import type { PointDataType } from '../enums/endpoints.ts';

/*
 * Modbus register images and their values: one decoder for the server (test read), the console (the
 * alternative decodings beside a point) and the simulator (its slaves encode with the same rules), so
 * "CDAB" means the same thing in all three.
 */

/**
 * Byte and word order of a multi-register value, named by where the value's bytes A (most
 * significant) .. D land in the registers as read: ABCD big-endian; CDAB words swapped (low word
 * first, the commonest meter layout); BADC bytes swapped in each word; DCBA little-endian. For a
 * 64-bit value the same two choices apply: word order (high word first or last) and bytes in a word.
 */
export const BYTE_ORDERS = ['ABCD', 'CDAB', 'BADC', 'DCBA'] as const;
export type ByteOrder = (typeof BYTE_ORDERS)[number];

/** Registers (16-bit words) a value of each type takes; RAW-DATA says its own size (1-125). */
export const REGISTERS_BY_TYPE: Record<Exclude<PointDataType, 'RAW-DATA'>, number> = {
  BOOLEAN: 1,
  BIT: 1,
  'INT-16': 1,
  'UINT-16': 1,
  'INT-32': 2,
  'UINT-32': 2,
  FLOAT: 2,
  DOUBLE: 4,
};

/** The registers a point of `dataType` reads: the type's size, or `dataSize` for RAW-DATA. */
export function registersOf(dataType: PointDataType, dataSize: number): number {
  return dataType === 'RAW-DATA' ? dataSize : REGISTERS_BY_TYPE[dataType];
}

/** What decoding needs of a point. */
export interface RegisterLayout {
  dataType: PointDataType;
  byteOrder: ByteOrder;
  multiplier: number;
  divisor: number;
  decimals: number;
  bitOffset: number;
  bitCount: number;
}

const wordsSwapped = (order: ByteOrder) => order === 'CDAB' || order === 'DCBA';
const bytesSwapped = (order: ByteOrder) => order === 'BADC' || order === 'DCBA';
const swapBytes = (word: number) => ((word & 0xff) << 8) | ((word >> 8) & 0xff);

/** The registers as read, reordered into big-endian (ABCD) order. */
export function toBigEndian(words: readonly number[], order: ByteOrder): number[] {
  const fixed = bytesSwapped(order) ? words.map(swapBytes) : [...words];
  return wordsSwapped(order) ? fixed.reverse() : fixed;
}

/** The registers a big-endian image becomes when written in `order` (its own inverse). */
export function fromBigEndian(words: readonly number[], order: ByteOrder): number[] {
  return toBigEndian(words, order);
}

function view(bigEndianWords: readonly number[]): DataView {
  const bytes = new DataView(new ArrayBuffer(bigEndianWords.length * 2));
  for (const [i, w] of bigEndianWords.entries()) bytes.setUint16(i * 2, w & 0xffff);
  return bytes;
}

/**
 * The value the registers hold before scaling: a number (boolean 0/1), or for RAW-DATA the registers
 * as hex. Words beyond the type's size are ignored; too few is null.
 */
export function rawValue(words: readonly number[], layout: RegisterLayout): number | string | null {
  const size = layout.dataType === 'RAW-DATA' ? words.length : REGISTERS_BY_TYPE[layout.dataType];
  if (words.length < size || size === 0) return null;
  const image = toBigEndian(words.slice(0, size), layout.byteOrder);
  const bytes = view(image);
  switch (layout.dataType) {
    case 'BOOLEAN':
      return image[0] !== 0 ? 1 : 0;
    case 'BIT': {
      const mask = layout.bitCount >= 16 ? 0xffff : (1 << layout.bitCount) - 1;
      return (image[0]! >> layout.bitOffset) & mask;
    }
    case 'INT-16':
      return bytes.getInt16(0);
    case 'UINT-16':
      return bytes.getUint16(0);
    case 'INT-32':
      return bytes.getInt32(0);
    case 'UINT-32':
      return bytes.getUint32(0);
    case 'FLOAT':
      return bytes.getFloat32(0);
    case 'DOUBLE':
      return bytes.getFloat64(0);
    case 'RAW-DATA':
      return image.map((w) => w.toString(16).padStart(4, '0')).join('');
  }
}

/** Rounds to `decimals` places (0-6) without turning NaN or infinities into numbers. */
export function roundTo(value: number, decimals: number): number {
  if (!Number.isFinite(value)) return value;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/**
 * raw × multiplier ÷ divisor, not rounded: plausibility is judged on this (rounding turns a denormal
 * such as 1e-41 into a harmless-looking 0).
 */
export function scaledValue(words: readonly number[], layout: RegisterLayout): number | string | null {
  const raw = rawValue(words, layout);
  if (raw === null || typeof raw === 'string') return raw;
  if (layout.dataType === 'BOOLEAN') return raw;
  return (raw * layout.multiplier) / layout.divisor;
}

/** The engineering value of a point: raw × multiplier ÷ divisor, rounded to its decimals. */
export function decodeRegisters(words: readonly number[], layout: RegisterLayout): number | string | null {
  const value = scaledValue(words, layout);
  return typeof value === 'number' ? roundTo(value, layout.decimals) : value;
}

/**
 * The registers holding an engineering value (the inverse of `decodeRegisters`): the simulator's
 * slaves and tests build register images with it. RAW-DATA takes a hex string.
 */
export function encodeRegisters(value: number | string, layout: Omit<RegisterLayout, 'decimals'>): number[] {
  if (layout.dataType === 'RAW-DATA') {
    const hex = String(value).padStart(4 * Math.ceil(String(value).length / 4), '0');
    const words = hex.match(/.{4}/g)?.map((w) => Number.parseInt(w, 16)) ?? [];
    return fromBigEndian(words, layout.byteOrder);
  }
  const size = REGISTERS_BY_TYPE[layout.dataType];
  const raw = (Number(value) * layout.divisor) / layout.multiplier;
  const bytes = new DataView(new ArrayBuffer(size * 2));
  switch (layout.dataType) {
    case 'BOOLEAN':
      bytes.setUint16(0, raw ? 1 : 0);
      break;
    case 'BIT':
      bytes.setUint16(0, (Math.round(raw) << layout.bitOffset) & 0xffff);
      break;
    case 'INT-16':
      bytes.setInt16(0, Math.round(raw));
      break;
    case 'UINT-16':
      bytes.setUint16(0, Math.round(raw));
      break;
    case 'INT-32':
      bytes.setInt32(0, Math.round(raw));
      break;
    case 'UINT-32':
      bytes.setUint32(0, Math.round(raw));
      break;
    case 'FLOAT':
      bytes.setFloat32(0, raw);
      break;
    case 'DOUBLE':
      bytes.setFloat64(0, raw);
      break;
  }
  const image = Array.from({ length: size }, (_, i) => bytes.getUint16(i * 2));
  return fromBigEndian(image, layout.byteOrder);
}

/** Why a decoded value is unlikely to be what the slave means (test read, features §8). */
export const IMPLAUSIBLE_REASONS = ['nan', 'infinite', 'denormal', 'belowMin', 'aboveMax'] as const;
export type ImplausibleReason = (typeof IMPLAUSIBLE_REASONS)[number];

/** The smallest normal FLOAT: anything closer to zero (but not zero) is a denormal, e.g. 1e-41. */
const FLOAT_MIN_NORMAL = 2 ** -126;
/** Magnitudes beyond this from a FLOAT or DOUBLE are a misread, not a measurement. */
const FLOAT_HUGE = 1e15;

/**
 * The reasons a decoded value looks like garbage: NaN or infinite, a denormal float (words swapped
 * turn small floats into values like 1e-41), implausibly huge, or outside the point's own min/max.
 */
export function implausibleReasons(
  value: number | string | null,
  dataType: PointDataType,
  range: { min?: number | null | undefined; max?: number | null | undefined } = {},
): ImplausibleReason[] {
  if (typeof value !== 'number') return [];
  if (Number.isNaN(value)) return ['nan'];
  if (!Number.isFinite(value)) return ['infinite'];
  const reasons: ImplausibleReason[] = [];
  const floating = dataType === 'FLOAT' || dataType === 'DOUBLE';
  if (floating && value !== 0 && Math.abs(value) < FLOAT_MIN_NORMAL) reasons.push('denormal');
  if (floating && Math.abs(value) > FLOAT_HUGE) reasons.push(value > 0 ? 'aboveMax' : 'belowMin');
  if (range.min != null && value < range.min && !reasons.includes('belowMin')) reasons.push('belowMin');
  if (range.max != null && value > range.max && !reasons.includes('aboveMax')) reasons.push('aboveMax');
  return reasons;
}
