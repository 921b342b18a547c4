import os from 'node:os';
import type { Measurement, ResultSection } from './types.ts';

export interface Machine {
  date: string;
  cpus: string;
  memory: string;
  node: string;
  os: string;
  /** 1-minute load average when the run began: other work on the machine skews every figure. */
  load: string;
}

export function describeMachine(now = new Date()): Machine {
  const cpus = os.cpus();
  return {
    date: now.toISOString().replace(/\.\d+Z$/, 'Z'),
    cpus: `${os.availableParallelism()} (${cpus[0]?.model.trim() ?? 'unknown model'})`,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    node: process.version,
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    load: os.loadavg()[0]!.toFixed(2),
  };
}

function figure(value: number, unit: string): string {
  if (!Number.isFinite(value)) return '- -';
  const digits = Math.abs(value) >= 100 ? 0 : Math.abs(value) >= 10 ? 1 : 2;
  return `${value.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })} ${unit}`;
}

/** The figure as a share of its limit, worded so that 100 % means "as good as the limit". */
function share(m: Measurement): string {
  if (!(m.limit.value > 0) || !(m.value > 0)) return '- -';
  const ratio = m.higherIsBetter ? m.value / m.limit.value : m.limit.value / m.value;
  return `${(ratio * 100).toFixed(0)} %`;
}

function section(s: ResultSection): string {
  const rows = s.measurements.map(
    (m) =>
      `| ${m.what} | ${figure(m.value, m.unit)} | ${m.limit.what} | ${figure(m.limit.value, m.unit)} | ${share(m)} |`,
  );
  return [
    `## ${s.title}`,
    '',
    s.method,
    '',
    '| measure | Fleetport | limit | limit value | of limit |',
    '|---|---:|---|---:|---:|',
    ...rows,
    ...(s.notes?.length ? ['', ...s.notes.map((n) => `- ${n}`)] : []),
    '',
  ].join('\n');
}

export function renderResults(machine: Machine, sections: ResultSection[], failures: string[]): string {
  return [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (bench/run.ts); do not edit by hand. Each figure stands beside the limit it',
    'is measured against in the same run. "of limit" is the figure as a share of the limit: 100 % is as fast',
    'as the limit (for latencies: limit ÷ figure).',
    '',
    `- date: ${machine.date}`,
    `- machine: ${machine.cpus} logical CPUs, ${machine.memory} memory, ${machine.os}`,
    `- Node.js: ${machine.node}`,
    `- load average when the run began: ${machine.load} (anything near the CPU count means shared, noisy figures)`,
    '',
    ...sections.map(section),
    ...(failures.length ? ['## Failed benchmarks', '', ...failures.map((f) => `- ${f}`), ''] : []),
  ].join('\n');
}
