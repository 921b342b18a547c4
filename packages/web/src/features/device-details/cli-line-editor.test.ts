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

  it('ignores typing while the device answers, and recalls earlier lines with the arrow keys', () => {
    const { e, lines } = editor();
    e.input('uptime\r');
    e.input('ignored');
    e.busy = false;
    e.input('\u001b[A');
    e.input('\r');
    expect(lines).toEqual(['uptime', 'uptime']);
  });

  it('takes a pasted block up to its first line break', () => {
    const { e, lines } = editor();
    e.input('ping 8.8.8.8\rnext');
    expect(lines).toEqual(['ping 8.8.8.8']);
  });
});
