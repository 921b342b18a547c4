import { writeFileSync } from 'node:fs';
import { DEVICE_IMPORT_COLUMNS } from '@fleetport/contract';
import ExcelJS from 'exceljs';
import { type DeviceIdentity, importCsv, importRows } from './identity.ts';

/**
 * Writes the fleet's import file the console takes: `.xlsx` (what people usually keep their device
 * lists in) or `.csv`, chosen by the file's extension.
 */
export async function writeImportFile(file: string, identities: DeviceIdentity[]): Promise<void> {
  if (!/\.xlsx$/i.test(file)) {
    writeFileSync(file, importCsv(identities));
    return;
  }
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('Devices');
  sheet.addRow([...DEVICE_IMPORT_COLUMNS]);
  for (const row of importRows(identities)) sheet.addRow(row);
  await book.xlsx.writeFile(file);
}
