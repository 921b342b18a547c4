import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EXPORT_WAIT_MS, exportPathFor, startExport } from './export.ts';
import { fakeServer, mountConsole, sentHeaders } from './test-support.tsx';

afterEach(() => vi.unstubAllGlobals());

const listPath = '/link/device/list';
const columns = [
  { field: 'sn', title: 'SN' },
  { field: 'name', title: 'Name' },
];

describe('asynchronous export', () => {
  it('inserts forwardExport after the area prefix', () => {
    expect(exportPathFor(listPath)).toBe('/link/forwardExport/device/list');
  });

  it('posts the export request with visibleModule and tells the user it runs in the background', async () => {
    mountConsole();
    const fetchMock = fakeServer({ code: 0 });
    await startExport(listPath, {
      fileNamePrefix: 'devices',
      columns,
      filterParams: { online: true },
      visibleModule: 'devices',
    });
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/link/forwardExport/device/list');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      fileNamePrefix: 'devices',
      exportType: 'EXCEL',
      exportConfig: { columns },
      dataSourceType: 'TABLE',
      dataSourceConfig: { filterParams: { online: true } },
      maxWaitMillisTimeOut: EXPORT_WAIT_MS,
    });
    expect(EXPORT_WAIT_MS).toBe(120_000);
    expect(sentHeaders(fetchMock).visibleModule).toBe('devices');
    expect(sentHeaders(fetchMock).language).toBe('en');
    expect(await screen.findByText(/export runs in the background/)).toBeTruthy();
  });

  it('shows the error toast and no success message when the export is refused', async () => {
    mountConsole();
    fakeServer({ code: 120043 });
    await expect(
      startExport(listPath, { fileNamePrefix: 'devices', columns, visibleModule: 'devices' }),
    ).rejects.toMatchObject({ code: 120043 });
    expect(await screen.findByText(/\(120043\)/)).toBeTruthy();
    expect(screen.queryByText(/export runs in the background/)).toBeNull();
  });
});
