import type { Envelope } from '@fleetport/contract';
import { i18n } from '../i18n/index.ts';
import { type CallOptions, sendToPath } from './client.ts';
import { notifySuccess } from './notifier.tsx';

/** core §7: an asynchronous export waits at most this long on the server by default. */
export const EXPORT_WAIT_MS = 120_000;
const EXPORT_SEGMENT = 'forwardExport';

/** One column of the exported sheet: the field and its header in the user's language. */
export interface ExportColumn {
  field: string;
  title: string;
}

/** core §3 "Export request". */
export interface ExportRequest {
  fileNamePrefix: string;
  exportType: 'EXCEL';
  exportConfig: { columns: ExportColumn[] };
  dataSourceType: 'TABLE';
  dataSourceConfig: { filterParams: Record<string, unknown> };
  maxWaitMillisTimeOut: number;
}

export interface ExportOptions extends Pick<CallOptions, 'silent' | 'signal'> {
  fileNamePrefix: string;
  columns: ExportColumn[];
  filterParams?: Record<string, unknown>;
  /** The console module the export belongs to (the `visibleModule` header). */
  visibleModule: string;
  maxWaitMillisTimeOut?: number;
}

/**
 * The list's path with `forwardExport` after its area prefix:
 * `/link/device/list` -> `/link/forwardExport/device/list`.
 */
export function exportPathFor(listPath: string): string {
  const [, area, ...rest] = listPath.split('/');
  return ['', area, EXPORT_SEGMENT, ...rest].join('/');
}

export function exportRequest(options: ExportOptions): ExportRequest {
  return {
    fileNamePrefix: options.fileNamePrefix,
    exportType: 'EXCEL',
    exportConfig: { columns: options.columns },
    dataSourceType: 'TABLE',
    dataSourceConfig: { filterParams: options.filterParams ?? {} },
    maxWaitMillisTimeOut: options.maxWaitMillisTimeOut ?? EXPORT_WAIT_MS,
  };
}

/** Starts an export of a table's rows; on success tells the user it runs in the background. */
export async function startExport(listPath: string, options: ExportOptions): Promise<Envelope> {
  const body = exportRequest(options);
  const envelope = await sendToPath('POST', exportPathFor(listPath), body, {
    silent: options.silent,
    signal: options.signal,
    headers: { visibleModule: options.visibleModule },
    // The server may hold the request up to the wait time-out; give the network a little more.
    timeoutMs: body.maxWaitMillisTimeOut + 10_000,
  });
  notifySuccess(i18n.t('request:exportStarted'));
  return envelope;
}
