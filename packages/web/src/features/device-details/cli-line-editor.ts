/**
 * The terminal's local line editing: the device CLI is line based (one `cli` RPC per line), so the
 * browser echoes keystrokes, handles backspace and history, and submits a line on Enter.
 */
export class CliLineEditor {
  #line = '';
  #history: string[] = [];
  #cursor = 0;
  busy = false;

  constructor(
    private readonly write: (text: string) => void,
    private readonly submit: (line: string) => void,
  ) {}

  prompt(sn: string): void {
    this.write(`\r\n${sn}> `);
  }

  /** Feeds what the terminal typed (keystrokes or a pasted block). */
  input(data: string): void {
    if (this.busy) return;
    if (data === '\u001b[A' || data === '\u001b[B') {
      this.#recall(data === '\u001b[A' ? -1 : 1);
      return;
    }
    for (const ch of data) {
      if (ch === '\r' || ch === '\n') {
        const line = this.#line;
        this.#line = '';
        this.write('\r\n');
        if (line.trim()) {
          this.#history.push(line);
          this.#cursor = this.#history.length;
          this.busy = true;
          this.submit(line);
          return;
        }
        this.submit('');
        return;
      }
      if (ch === '\u007f' || ch === '\b') {
        if (this.#line.length) {
          this.#line = this.#line.slice(0, -1);
          this.write('\b \b');
        }
      } else if (ch === '\u0003') {
        this.#line = '';
        this.write('^C');
        this.submit('');
        return;
      } else if (ch >= ' ' && this.#line.length < 1024) {
        this.#line += ch;
        this.write(ch);
      }
    }
  }

  #recall(step: number): void {
    const next = Math.min(this.#history.length, Math.max(0, this.#cursor + step));
    this.#cursor = next;
    const text = this.#history[next] ?? '';
    this.write('\b \b'.repeat(this.#line.length) + text);
    this.#line = text;
  }
}
