import {
  type CallDef,
  type CallInput,
  EXPORT_WAIT_TIMEOUT_MS,
  type ExportRecord,
  type LiveServerMessage,
  listExportRecordsCall,
  VISIBLE_MODULE_HEADER,
} from '@fleetport/contract';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiCall, sendCall } from '../../api/client.ts';
import { onLiveMessage, useLive } from '../../api/live.ts';

/** Where the export records page lives (docs/decisions.md "Export records page"). */
export const EXPORT_RECORDS_PATH = '/exportRecords';

/** Query keys of the export records. */
export const EXPORT_KEYS = {
  records: ['exportRecords'] as const,
};

/** The job kind writing export files (server modules/exports); its live progress moves the records. */
const EXPORT_JOB_KIND = 'exports.generate';

/**
 * Posts a list's export request (core §7): the `forwardExport` call with the module header. The
 * server answers at once with the record; the file is written in the background.
 */
export function startListExport<C extends CallDef>(call: C, body: CallInput<C>, module: string) {
  return apiCall(call, body, {
    headers: { [VISIBLE_MODULE_HEADER]: module },
    timeoutMs: EXPORT_WAIT_TIMEOUT_MS,
  });
}

type RecordsPage = Awaited<ReturnType<typeof sendCall<typeof listExportRecordsCall>>>;

/** A job's live progress moves its record's bar; its end refetches the records (state, size). */
export function applyExportProgress(queryClient: QueryClient, message: LiveServerMessage): void {
  if (message.type !== 'job.progress' || message.kind !== EXPORT_JOB_KIND) return;
  if (message.state === 'succeeded' || message.state === 'failed') {
    void queryClient.invalidateQueries({ queryKey: EXPORT_KEYS.records });
    return;
  }
  queryClient.setQueriesData<RecordsPage>({ queryKey: EXPORT_KEYS.records }, (old) => {
    const list = old?.data?.list;
    if (!old?.data || !list?.some((r) => r.jobId === message.id)) return old;
    const patch = (r: ExportRecord) => (r.jobId === message.id ? { ...r, doneRows: message.done } : r);
    return { ...old, data: { ...old.data, list: list.map(patch) } };
  });
}

/** The caller's export records, kept current by the live socket. */
export function useExportRecords(pageNum: number, pageSize: number) {
  const queryClient = useQueryClient();
  useLive(queryClient);
  useEffect(() => onLiveMessage((message) => applyExportProgress(queryClient, message)), [queryClient]);
  return useQuery({
    queryKey: [...EXPORT_KEYS.records, pageNum, pageSize],
    queryFn: () => sendCall(listExportRecordsCall, { pageNum, pageSize }),
    // A record generating on another node whose socket message was missed still turns ready.
    refetchInterval: (query) =>
      query.state.data?.data?.list.some((r) => r.state === 'generating') ? 5000 : false,
  });
}
