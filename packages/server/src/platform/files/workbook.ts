import ExcelJS from 'exceljs';

/**
 * Uploaded spreadsheets, opened safely. An .xlsx file is a zip: a 1 MB upload can unpack to gigabytes
 * (deflate reaches about 1000:1), and ExcelJS unpacks and builds every entry in memory before a row
 * can be counted. The zip's central directory states each entry's unpacked size, so the total is read
 * from it first and a file past the bound is refused before anything is unpacked.
 */

/** Unpacked bytes an uploaded workbook may hold: far above 10,000 rows of any import, far below harm. */
export const WORKBOOK_MAX_UNPACKED_BYTES = 64 * 1024 * 1024;
/** Entries of an uploaded workbook (a real one has a few dozen). */
const WORKBOOK_MAX_ENTRIES = 1000;

export class WorkbookRefusedError extends Error {
  constructor(reason: string) {
    super(`workbook refused: ${reason}`);
    this.name = 'WorkbookRefusedError';
  }
}

const EOCD = 0x06054b50;
const CENTRAL_HEADER = 0x02014b50;

/**
 * The sum of the unpacked sizes the zip's central directory states, or null when the bytes are no
 * zip this reader understands (ZIP64 included: no spreadsheet an import takes needs it).
 */
export function zipUnpackedSize(zip: Buffer): number | null {
  // The end-of-central-directory record: 22 bytes, then a comment of at most 65,535 bytes.
  const from = Math.max(0, zip.length - 22 - 65_535);
  let end = -1;
  for (let i = zip.length - 22; i >= from; i--) {
    if (zip.readUInt32LE(i) === EOCD) {
      end = i;
      break;
    }
  }
  if (end < 0) return null;
  const entries = zip.readUInt16LE(end + 10);
  const dirOffset = zip.readUInt32LE(end + 16);
  if (entries > WORKBOOK_MAX_ENTRIES || dirOffset >= zip.length) return null;
  let at = dirOffset;
  let total = 0;
  for (let n = 0; n < entries; n++) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== CENTRAL_HEADER) return null;
    const unpacked = zip.readUInt32LE(at + 24);
    if (unpacked === 0xffffffff) return null;
    total += unpacked;
    at += 46 + zip.readUInt16LE(at + 28) + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return total;
}

/** Opens an uploaded .xlsx, refusing one that is no zip or unpacks past WORKBOOK_MAX_UNPACKED_BYTES. */
export async function loadWorkbook(content: Buffer): Promise<ExcelJS.Workbook> {
  const unpacked = zipUnpackedSize(content);
  if (unpacked === null) throw new WorkbookRefusedError('not an .xlsx file');
  if (unpacked > WORKBOOK_MAX_UNPACKED_BYTES) throw new WorkbookRefusedError('it unpacks too large');
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(content as unknown as ArrayBuffer);
  return book;
}
