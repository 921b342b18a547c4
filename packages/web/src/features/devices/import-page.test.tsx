import { importDevicesCall, obtainNotExistDevicesCall } from '@fleetport/contract';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signedInEachTest } from '../../api/test-support.tsx';
import { renderConsole, routeServer, shellAnswers } from '../../app/console-test-kit.tsx';
import { stubLiveSocket } from './device-test-fixtures.ts';
import { rejectedRowsCsv } from './import-page.tsx';

const SLOW = 60_000;
const CSV =
  'SN,Name,Model,MAC,IMEI,Tags\n12345678901234,Quay,R3000,00:11:22:33:44:55,,north\n12345678901234,Dup,R3000,00:11:22:33:44:56,,\n';

const importRow = (row: number, sn: string, errors: string[], warnings: string[] = []) => ({
  row,
  sn,
  name: 'Quay',
  model: 'R3000',
  mac: '00:11:22:33:44:55',
  imei: null,
  tags: [] as string[],
  errors,
  warnings,
});

function serve(imports: { commit: boolean; fileName: string; content: string }[], missing: string[] = []) {
  return routeServer({
    ...shellAnswers(['devices.view', 'devices.create']),
    [importDevicesCall.path]: (body) => {
      const input = body as (typeof imports)[number];
      imports.push(input);
      const bad = input.fileName.startsWith('bad');
      return {
        data: {
          rows: bad
            ? [
                importRow(2, '12345678901234', [], ['Model: R3000 is not a known model']),
                importRow(3, '12345678901234', ['Row 3: the SN 12345678901234 appears twice in the file']),
              ]
            : [importRow(2, '12345678901234', [])],
          valid: 1,
          invalid: bad ? 1 : 0,
          imported: input.commit ? 1 : 0,
        },
      };
    },
    [obtainNotExistDevicesCall.path]: { data: missing },
  });
}

signedInEachTest(stubLiveSocket);

describe('device import', () => {
  it(
    'previews a file row by row, imports the valid rows and keeps the rejected ones to download',
    async () => {
      const imports: { commit: boolean; fileName: string; content: string }[] = [];
      serve(imports);
      const view = renderConsole('/robustlink/devices/import');
      const upload = await screen.findByTestId('import-upload', {}, { timeout: 25_000 });
      const fileInput = () =>
        (upload.querySelector('input[type=file]') ??
          view.container.querySelector('input[type=file]')) as HTMLInputElement;
      await userEvent.upload(fileInput(), new File([CSV], 'bad-devices.csv', { type: 'text/csv' }));
      const preview = await screen.findByTestId('import-preview');
      expect(imports[0]).toMatchObject({ fileName: 'bad-devices.csv', commit: false });
      expect(atob(imports[0]!.content)).toBe(CSV);
      expect(
        within(preview).getByText('Row 3: the SN 12345678901234 appears twice in the file'),
      ).toBeTruthy();
      expect(within(preview).getByText('Model: R3000 is not a known model')).toBeTruthy();
      expect(
        screen.getByText(
          '1 row has problems and will not be imported. The other rows can be imported now; download the rejected row to fix it.',
        ),
      ).toBeTruthy();
      // One valid row: the button speaks of one device, and may be pressed beside a rejected row.
      const button = screen.getByTestId('import-commit');
      expect(button.textContent).toBe('Import 1 device');
      expect(button.hasAttribute('disabled')).toBe(false);
      await userEvent.click(button);
      await waitFor(() =>
        expect(imports.at(-1)).toMatchObject({ fileName: 'bad-devices.csv', commit: true }),
      );
      expect((await screen.findByTestId('import-saved')).textContent).toContain('1 device imported.');
      expect(screen.getByTestId('import-invalid').textContent).toContain(
        '1 row was not imported. Download it, fix it and import it again.',
      );
      // Only the rejected row is left on screen, with its row number.
      const rows = within(screen.getByTestId('import-preview')).getAllByRole('row');
      expect(rows.map((r) => r.querySelector('td')?.textContent).filter(Boolean)).toEqual(['3']);
      expect(screen.getByTestId('import-commit').hasAttribute('disabled')).toBe(true);
    },
    SLOW,
  );

  it(
    'is the same page in the operation console',
    async () => {
      serve([]);
      renderConsole('/operation/import');
      expect(await screen.findByTestId('import-upload', {}, { timeout: 25_000 })).toBeTruthy();
      expect(screen.queryByTestId('coming-soon')).toBeNull();
    },
    SLOW,
  );

  it('writes the rejected rows in the import columns, with their row and problems', () => {
    const csv = rejectedRowsCsv(
      [
        importRow(2, '12345678901234', []),
        {
          ...importRow(7, '1234', ['SN: The serial number must be 14 digits', 'Name, "odd"']),
          tags: ['a', 'b'],
        },
      ],
      'Row',
      'Check',
    );
    expect(csv).toBe(
      'SN,Name,Model,MAC or IMEI,Tags,Row,Check\r\n' +
        '1234,Quay,R3000,00:11:22:33:44:55,a;b,7,"SN: The serial number must be 14 digits; Name, ""odd"""\r\n',
    );
  });

  it(
    'names a single missing SN in an error and lists several in an alert',
    async () => {
      const missing: string[] = ['AB0000000000001'];
      serve([], missing);
      renderConsole('/robustlink/devices/import');
      const box = await screen.findByTestId('sn-check-input', {}, { timeout: 25_000 });
      await userEvent.type(box, 'AB0000000000001, AB0000000000009');
      await userEvent.click(screen.getByTestId('sn-check-run'));
      expect(await screen.findByText('No SN record AB0000000000001')).toBeTruthy();
      expect(screen.queryByTestId('sn-check-missing')).toBeNull();

      missing.push('AB0000000000009');
      await userEvent.click(screen.getByTestId('sn-check-run'));
      const alert = await screen.findByTestId('sn-check-missing');
      expect(alert.textContent).toContain(
        'These serial numbers have no record: AB0000000000001, AB0000000000009',
      );
    },
    SLOW,
  );
});
