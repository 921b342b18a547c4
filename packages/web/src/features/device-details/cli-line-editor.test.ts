import { describe, expect, it } from 'vitest';
import { CliLineEditor } from './cli-line-editor.ts';

function editor() {
  const screen: string[] = [];
  const lines: string[] = [];
  const e = new CliLineEditor(
    (text) => screen.push(text),
    (line) => lines.push(line),
  );
  return { e, screen, lines };
}

describe('the CLI line editor', () => {
  it('echoes keys, erases with backspace and submits the line on Enter', () => {
    const { e, screen, lines } = editor();
    for (const key of 'show versiom') e.input(key);
    e.input('\u007f');
    e.input('n');
    e.input('\r');
    expect(lines).toEqual(['show version']);
    expect(screen.join('')).toBe('show versiom\b \bn\r\n');
  });

  it('queues what is typed while the device answers and runs it at the next prompt', () => {
    const { e, screen, lines } = editor();
    e.input('uptime\r');
    for (const key of 'show clock\r') e.input(key);
    e.input('ifc');
    // Nothing is sent or echoed while the first command runs.
    expect(lines).toEqual(['uptime']);
    expect(screen.join('')).toBe('uptime\r\n');
    e.busy = false;
    e.prompt('R1');
    expect(lines).toEqual(['uptime', 'show clock']);
    e.busy = false;
    e.prompt('R1');
    expect(screen.join('')).toBe('uptime\r\n\r\nR1> show clock\r\n\r\nR1> ifc');
    e.input('\r');
    expect(lines).toEqual(['uptime', 'show clock', 'ifc']);
  });

  it('drops the queue on Ctrl-C while a command runs, and recalls earlier lines with the arrow keys', () => {
    const { e, lines } = editor();
    e.input('uptime\r');
    e.input('reboot\r');
    e.input('\u0003');
    e.busy = false;
    e.prompt('R1');
    expect(lines).toEqual(['uptime']);
    e.input('\u001b[A');
    e.input('\r');
    expect(lines).toEqual(['uptime', 'uptime']);
  });

  it('runs a pasted block line by line, each after the answer to the one before', () => {
    const { e, lines } = editor();
    e.input('ping 8.8.8.8\r\nshow version\rnext');
    expect(lines).toEqual(['ping 8.8.8.8']);
    e.busy = false;
    e.prompt('R1');
    expect(lines).toEqual(['ping 8.8.8.8', 'show version']);
    e.busy = false;
    e.prompt('R1');
    e.input('\r');
    expect(lines).toEqual(['ping 8.8.8.8', 'show version', 'next']);
  });
});
