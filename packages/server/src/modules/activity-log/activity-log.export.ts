import {
  ACTIVITY_EXPORT_COLUMNS,
  type ActivityExportFilter,
  ActivityExportFilterSchema,
  type ActivityRow,
  ALL_CALLS,
  activityActionLabel,
  activityDetailsText,
  activityLogExportCall,
  errorMessage,
  formatDateTime,
  isSystemActivity,
  type Lang,
} from '@fleetport/contract';
import { boundToExportRange } from '../exports/export-range.ts';
import {
  type ExportCell,
  type ExportReader,
  type ExportSource,
  plainCell,
} from '../exports/export-source.ts';
import { activityRows, countActivity } from './activity-log.query.ts';
import { ACTIVITY_EXPORT_TEXT as TEXT } from './activity-log.text.ts';

const SUMMARIES = new Map(ALL_CALLS.map((c) => [c.id, c.summary]));

function resultText(code: number, lang: Lang): string {
  return code === 0 ? TEXT.success[lang] : `${code} ${errorMessage(code, lang)}`;
}

/** An activity row's cell in the reader's words (also the VPN activity export's). */
export function activityCell(
  row: ActivityRow,
  field: string,
  { lang, utcOffsetMinutes }: ExportReader,
): ExportCell {
  switch (field) {
    case 'at':
      return formatDateTime(row.at, undefined, { utcOffsetMinutes });
    case 'callId':
      return activityActionLabel(row.callId, lang, SUMMARIES.get(row.callId));
    case 'object':
      return activityDetailsText(row.object, lang, { clock: { utcOffsetMinutes } });
    case 'resultCode':
      return resultText(row.resultCode, lang);
    case 'userName':
      return row.userName ?? (isSystemActivity(row.callId) ? TEXT.system[lang] : null);
    default:
      return plainCell(row, field);
  }
}

/** The activity log as an export source: the list's filter and order (activity-log.query.ts). */
export const activityExportSource: ExportSource<ActivityExportFilter, ActivityRow> = {
  call: activityLogExportCall,
  filter: ActivityExportFilterSchema as never,
  columns: ACTIVITY_EXPORT_COLUMNS,
  module: 'robustlink/activity',
  history: true,
  sheetName: TEXT.sheetName,
  bound: boundToExportRange,
  count: countActivity,
  rows: activityRows,
  cell: activityCell,
};
