/** The part of xlsx-populate (no types of its own) the tests read .xlsx files with. */
declare module 'xlsx-populate' {
  interface Range {
    value(): unknown[][];
  }
  interface Sheet {
    name(): string;
    usedRange(): Range | undefined;
  }
  interface Workbook {
    sheets(): Sheet[];
    sheet(name: string): Sheet | undefined;
  }
  const XlsxPopulate: { fromDataAsync(data: Buffer | ArrayBuffer): Promise<Workbook> };
  export default XlsxPopulate;
}
