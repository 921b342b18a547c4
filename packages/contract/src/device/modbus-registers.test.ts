import { describe, expect, it } from 'vitest';
import type { PointDataType } from '../enums/endpoints.ts';
import {
  BYTE_ORDERS,
  type ByteOrder,
  decodeRegisters,
  encodeRegisters,
  implausibleReasons,
  type RegisterLayout,
  rawValue,
  scaledValue,
} from './modbus-registers.ts';

const layout = (dataType: PointDataType, byteOrder: ByteOrder, extra: Partial<RegisterLayout> = {}) => ({
  dataType,
  byteOrder,
  multiplier: 1,
  divisor: 1,
  decimals: 6,
  bitOffset: 0,
  bitCount: 16,
  ...extra,
});

/*
 * Known register images, as a slave sends them in each order (bytes A..H most significant first):
 * FLOAT 230.5 = 0x4366 8000; INT-32 -123456 = 0xFFFE 1DC0; UINT-32 3000000000 = 0xB2D0 5E00;
 * DOUBLE 1234.5678 = 0x4093 4A45 6D5C FAAD; INT-16 -2 = 0xFFFE; UINT-16 513 = 0x0201.
 */
const IMAGES: Record<string, { type: PointDataType; value: number; words: Record<ByteOrder, number[]> }> = {
  float: {
    type: 'FLOAT',
    value: 230.5,
    words: {
      ABCD: [0x4366, 0x8000],
      CDAB: [0x8000, 0x4366],
      BADC: [0x6643, 0x0080],
      DCBA: [0x0080, 0x6643],
    },
  },
  int32: {
    type: 'INT-32',
    value: -123456,
    words: {
      ABCD: [0xfffe, 0x1dc0],
      CDAB: [0x1dc0, 0xfffe],
      BADC: [0xfeff, 0xc01d],
      DCBA: [0xc01d, 0xfeff],
    },
  },
  uint32: {
    type: 'UINT-32',
    value: 3_000_000_000,
    words: {
      ABCD: [0xb2d0, 0x5e00],
      CDAB: [0x5e00, 0xb2d0],
      BADC: [0xd0b2, 0x005e],
      DCBA: [0x005e, 0xd0b2],
    },
  },
  double: {
    type: 'DOUBLE',
    value: 1234.5678,
    words: {
      ABCD: [0x4093, 0x4a45, 0x6d5c, 0xfaad],
      CDAB: [0xfaad, 0x6d5c, 0x4a45, 0x4093],
      BADC: [0x9340, 0x454a, 0x5c6d, 0xadfa],
      DCBA: [0xadfa, 0x5c6d, 0x454a, 0x9340],
    },
  },
  int16: {
    type: 'INT-16',
    value: -2,
    words: { ABCD: [0xfffe], CDAB: [0xfffe], BADC: [0xfeff], DCBA: [0xfeff] },
  },
  uint16: {
    type: 'UINT-16',
    value: 513,
    words: { ABCD: [0x0201], CDAB: [0x0201], BADC: [0x0102], DCBA: [0x0102] },
  },
};

describe('decoding register images', () => {
  for (const [name, image] of Object.entries(IMAGES)) {
    for (const order of BYTE_ORDERS) {
      it(`${name} in ${order}`, () => {
        expect(decodeRegisters(image.words[order], layout(image.type, order))).toBe(image.value);
        expect(encodeRegisters(image.value, layout(image.type, order))).toEqual(image.words[order]);
      });
    }
  }

  it('a CDAB float read as ABCD is garbage (the commonest meter mistake)', () => {
    const wrong = scaledValue(IMAGES.float!.words.CDAB, layout('FLOAT', 'ABCD')) as number;
    expect(Math.abs(wrong)).toBeLessThan(1e-38);
    expect(implausibleReasons(wrong, 'FLOAT')).toEqual(['denormal']);
    // Rounded to its decimals it would look like a plausible 0: judge before rounding.
    expect(decodeRegisters(IMAGES.float!.words.CDAB, layout('FLOAT', 'ABCD'))).toBe(-0);
  });

  it('scales by multiplier and divisor and rounds to the decimals', () => {
    // An INT-16 temperature sensor sending tenths: 0xFF9C = -100 → -10.0 °C.
    expect(decodeRegisters([0xff9c], layout('INT-16', 'ABCD', { multiplier: 0.1, decimals: 1 }))).toBe(-10);
    expect(decodeRegisters([253], layout('UINT-16', 'ABCD', { divisor: 10, decimals: 1 }))).toBe(25.3);
    expect(decodeRegisters([2], layout('UINT-16', 'ABCD', { divisor: 3, decimals: 2 }))).toBe(0.67);
  });

  it('BIT takes bits from the offset; BOOLEAN is any non-zero', () => {
    // 0b1011_0100: bits 2-3 hold 0b01, bit 7 is set.
    expect(rawValue([0b1011_0100], layout('BIT', 'ABCD', { bitOffset: 2, bitCount: 2 }))).toBe(1);
    expect(rawValue([0b1011_0100], layout('BIT', 'ABCD', { bitOffset: 7, bitCount: 1 }))).toBe(1);
    expect(rawValue([0b1011_0100], layout('BIT', 'ABCD', { bitOffset: 4, bitCount: 4 }))).toBe(0b1011);
    // The byte order applies before the bits are taken: BADC swaps the register's bytes.
    expect(rawValue([0x0100], layout('BIT', 'BADC', { bitOffset: 0, bitCount: 1 }))).toBe(1);
    expect(decodeRegisters([1], layout('BOOLEAN', 'ABCD'))).toBe(1);
    expect(decodeRegisters([0], layout('BOOLEAN', 'ABCD'))).toBe(0);
  });

  it('RAW-DATA is the registers as hex, in big-endian order', () => {
    expect(decodeRegisters([0x0102, 0xa0b0], layout('RAW-DATA', 'ABCD'))).toBe('0102a0b0');
    expect(decodeRegisters([0xa0b0, 0x0102], layout('RAW-DATA', 'CDAB'))).toBe('0102a0b0');
  });

  it('too few registers decode to nothing', () => {
    expect(decodeRegisters([0x4366], layout('FLOAT', 'ABCD'))).toBeNull();
  });
});

describe('implausible values', () => {
  it('flags NaN, infinities, denormals, huge floats and the point range', () => {
    expect(implausibleReasons(Number.NaN, 'FLOAT')).toEqual(['nan']);
    expect(implausibleReasons(Number.POSITIVE_INFINITY, 'DOUBLE')).toEqual(['infinite']);
    expect(implausibleReasons(1e-41, 'FLOAT')).toEqual(['denormal']);
    expect(implausibleReasons(3e20, 'FLOAT')).toEqual(['aboveMax']);
    expect(implausibleReasons(0, 'FLOAT')).toEqual([]);
    expect(implausibleReasons(230.5, 'FLOAT', { min: 0, max: 300 })).toEqual([]);
    expect(implausibleReasons(-5, 'INT-16', { min: 0, max: 300 })).toEqual(['belowMin']);
    expect(implausibleReasons(301, 'INT-16', { min: 0, max: 300 })).toEqual(['aboveMax']);
  });
});
