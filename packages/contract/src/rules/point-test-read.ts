import {
  BYTE_ORDERS,
  type ByteOrder,
  type ImplausibleReason,
  implausibleReasons,
  type RegisterLayout,
  roundTo,
  scaledValue,
} from '../device/modbus-registers.ts';
import type { PointDataType } from '../enums/endpoints.ts';

/*
 * A test read's decodings (issue 19): the words a gateway read around a point, decoded as the point
 * says, in the other byte orders and one register before and after, each flagged when implausible.
 * The server answers with them and the console re-decodes with the same code after an adoption.
 */

/** What a decoding needs of a point. */
export interface TestReadPointLayout extends RegisterLayout {
  address: number;
  dataSize: number;
  min: number | null;
  max: number | null;
}

export interface PointDecoding {
  shift: -1 | 0 | 1;
  address: number;
  byteOrder: ByteOrder;
  value: number | string | null;
  flags: ImplausibleReason[];
}

const SHIFTS = [0, -1, 1] as const;

/** Orders worth trying: one-register types have two distinct readings (bytes as sent or swapped). */
function ordersFor(dataType: PointDataType, configured: ByteOrder): ByteOrder[] {
  const oneWord = dataType === 'BIT' || dataType === 'INT-16' || dataType === 'UINT-16';
  const orders = oneWord ? (['ABCD', 'BADC'] as ByteOrder[]) : [...BYTE_ORDERS];
  if (dataType === 'BOOLEAN') return [configured];
  return [configured, ...orders.filter((o) => o !== configured && !(oneWord && sameOneWord(o, configured)))];
}
const sameOneWord = (a: ByteOrder, b: ByteOrder) =>
  (a === 'ABCD' || a === 'CDAB') === (b === 'ABCD' || b === 'CDAB');

/** One decoding of the words starting at `address`; null when the read did not reach that far. */
function decodeAt(
  point: TestReadPointLayout,
  start: number,
  values: readonly number[],
  shift: -1 | 0 | 1,
  byteOrder: ByteOrder,
): PointDecoding | null {
  const address = point.address + shift;
  const from = address - start;
  const size = point.dataType === 'RAW-DATA' ? point.dataSize : undefined;
  if (from < 0) return null;
  const words = values.slice(from, size !== undefined ? from + size : undefined);
  const scaled = scaledValue(words, { ...point, byteOrder });
  if (scaled === null) return null;
  const flags = implausibleReasons(scaled, point.dataType, point);
  // An implausible value is shown as it is (a denormal rounded to 0 would look fine).
  const value =
    typeof scaled === 'number'
      ? Number.isFinite(scaled)
        ? flags.length
          ? scaled
          : roundTo(scaled, point.decimals)
        : null
      : scaled;
  return { shift, address, byteOrder, value, flags };
}

/**
 * The point's decoding as configured, its alternatives (the other byte orders at its address, every
 * order at address ±1) and, when the configured one is implausible or missing, the first plausible
 * alternative: same address before a neighbour, since a swapped word order is the likelier mistake.
 */
export function testReadDecodings(point: TestReadPointLayout, start: number, values: readonly number[]) {
  const orders = ordersFor(point.dataType, point.byteOrder);
  const all: PointDecoding[] = [];
  for (const shift of SHIFTS)
    for (const order of orders) {
      const decoding = decodeAt(point, start, values, shift, order);
      if (decoding) all.push(decoding);
    }
  const decoded = all.find((d) => d.shift === 0 && d.byteOrder === point.byteOrder) ?? null;
  const alternatives = all.filter((d) => d !== decoded);
  const suggestion =
    decoded && decoded.flags.length === 0
      ? null
      : (alternatives.find((d) => d.flags.length === 0 && d.value !== null) ?? null);
  return { decoded, alternatives, suggestion };
}
