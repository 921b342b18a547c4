import {
  ALERT_EXPORT_COLUMNS,
  ALERT_SEVERITY_LABELS,
  ALERT_STATE_LABELS,
  type Alert,
  type AlertExportFilter,
  AlertExportFilterSchema,
  exportAlertsCall,
  formatDateTime,
} from '@fleetport/contract';
import { boundToExportRange } from '../exports/export-range.ts';
import {
  type ExportCell,
  type ExportReader,
  type ExportSource,
  plainCell,
} from '../exports/export-source.ts';
import { toAlert } from './alerts.service.ts';
import { alertRows, countAlerts, type Reader } from './alerts.store.ts';
import { ALERT_EXPORT_TEXT } from './alerts.text.ts';

/** The file is the company's, not one person's: no read marks (alert ids are never a user's). */
const companyReader = (scope: Reader['scope']): Reader => ({ scope, userId: 0 });

function cell(alert: Alert, field: string, { lang, utcOffsetMinutes }: ExportReader): ExportCell {
  const time = (ms: number | null) =>
    ms === null ? null : formatDateTime(ms, undefined, { utcOffsetMinutes });
  switch (field) {
    case 'level':
      return ALERT_SEVERITY_LABELS[alert.level][lang];
    case 'state':
      return ALERT_STATE_LABELS[alert.state][lang];
    case 'startedAt':
      return time(alert.startedAt);
    case 'lastSeenAt':
      return time(alert.lastSeenAt);
    case 'resolvedAt':
      return time(alert.resolvedAt);
    case 'acknowledgedBy':
      return alert.acknowledged ? alert.acknowledged.by : null;
    case 'acknowledgedNote':
      return alert.acknowledged?.note || null;
    default:
      return plainCell(alert, field);
  }
}

/** The alert centre as an export source: the list's filter (three months at most) and order. */
export const alertExportSource: ExportSource<AlertExportFilter, Alert> = {
  call: exportAlertsCall,
  filter: AlertExportFilterSchema as never,
  columns: ALERT_EXPORT_COLUMNS,
  module: 'robustlink/alertCenter',
  history: true,
  sheetName: ALERT_EXPORT_TEXT.sheetName,
  bound: boundToExportRange,
  async count(db, scope, filter, limit) {
    return Math.min(await countAlerts(db, companyReader(scope), filter), limit);
  },
  async rows(db, scope, filter, offset, limit) {
    return (await alertRows(db, companyReader(scope), filter, offset, limit)).map(toAlert);
  },
  cell,
};
