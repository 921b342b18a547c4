/**
 * What checking an answer against its contract costs on the device list's largest page: the output
 * schema's safeParse of 100 rows (calls.ts `checkResponse`) beside the JSON serialisation every answer
 * pays anyway, alternated in one run. `node --import tsx bench/response-check.ts`
 */
import { ALL_CALLS } from '@fleetport/contract';
import { deviceRow } from '../packages/web/src/features/devices/device-test-fixtures.ts';

const call = ALL_CALLS.find((c) => c.id === 'devices.list');
if (!call) throw new Error('devices.list is not in the contract');
const page = {
  list: Array.from({ length: 100 }, (_, i) =>
    deviceRow(`9900${String(i).padStart(10, '0')}`, { tags: ['north', 'pump'] }),
  ),
  total: 1000,
  totalCapped: true,
};
const sample = call.output.safeParse(page);
if (!sample.success) throw new Error(`the sample page does not match devices.list: ${sample.error.message}`);

function perCallMicros(work: () => void, rounds: number): number {
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) work();
  return Number(process.hrtime.bigint() - start) / 1000 / rounds;
}

const ROUNDS = 2000;
const check: number[] = [];
const serialise: number[] = [];
for (let round = 0; round < 5; round++) {
  check.push(perCallMicros(() => call.output.safeParse(page), ROUNDS));
  serialise.push(perCallMicros(() => JSON.stringify({ code: 0, data: page }), ROUNDS));
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;
console.log(
  `devices.list page of 100 rows: output check ${median(check).toFixed(0)} µs, JSON.stringify ${median(serialise).toFixed(0)} µs (median of 5 x ${ROUNDS})`,
);
