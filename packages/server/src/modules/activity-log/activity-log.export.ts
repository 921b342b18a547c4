import {
  type ActivityRow,
  ALL_CALLS,
  activityActionLabel,
  activityDetailsText,
  errorMessage,
  formatDateTime,
  type Lang,
  type Localized,
  spreadsheetText,
} from '@fleetport/contract';
import ExcelJS from 'exceljs';

/** The export's columns, in order, with their header in both languages. */
interface Reader {
  lang: Lang;
  utcOffsetMinutes: number;
}
const COLUMNS: readonly { header: Localized; width: number; value(row: ActivityRow, r: Reader): string }[] = [
  {
    header: { en: 'Time', cn: '时间' },
    width: 20,
    value: (r, { utcOffsetMinutes }) => formatDateTime(r.at, undefined, { utcOffsetMinutes }),
  },
  { header: { en: 'User', cn: '用户' }, width: 18, value: (r) => r.userName ?? '' },
  { header: { en: 'Login account', cn: '登录账号' }, width: 28, value: (r) => r.loginAccount ?? '' },
  { header: { en: 'Action', cn: '操作' }, width: 26, value: (r, { lang }) => actionName(r.callId, lang) },
  {
    header: { en: 'Object', cn: '对象' },
    width: 30,
    value: (r, { lang, utcOffsetMinutes }) =>
      activityDetailsText(r.object, lang, { clock: { utcOffsetMinutes } }),
  },
  { header: { en: 'Address', cn: '地址' }, width: 16, value: (r) => r.remoteAddress ?? '' },
  { header: { en: 'Result', cn: '结果' }, width: 40, value: (r, { lang }) => resultText(r.resultCode, lang) },
];

const SUCCESS: Localized = { en: 'Success', cn: '成功' };
const SUMMARIES = new Map(ALL_CALLS.map((c) => [c.id, c.summary]));

function actionName(callId: string, lang: Lang): string {
  return activityActionLabel(callId, lang, SUMMARIES.get(callId));
}

function resultText(code: number, lang: Lang): string {
  return code === 0 ? SUCCESS[lang] : `${code} ${errorMessage(code, lang)}`;
}

/**
 * The rows as an .xlsx workbook: a header row in the reader's language, then one row per entry. Times
 * are text in the reader's time zone (the `timeZoneOffset` header, minutes east of UTC), as on screen.
 */
export async function activityWorkbook(rows: readonly ActivityRow[], lang: Lang, utcOffsetMinutes: number) {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet(lang === 'cn' ? '活动日志' : 'Activity log');
  sheet.columns = COLUMNS.map((c) => ({ header: c.header[lang], width: c.width }));
  sheet.getRow(1).font = { bold: true };
  // Names and objects are the users' own text: none may turn into a formula in the reader's spreadsheet.
  for (const row of rows)
    sheet.addRow(COLUMNS.map((c) => spreadsheetText(c.value(row, { lang, utcOffsetMinutes }))));
  return Buffer.from(await book.xlsx.writeBuffer());
}
