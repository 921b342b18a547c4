/** Typed-ahead text kept while a command runs; a paste larger than this is cut, not kept without end. */
const TYPE_AHEAD_MAX = 4096;

/**
 * The terminal's local line editing: the device CLI is line based (one `cli` RPC per line), so the
 * browser echoes keystrokes, handles backspace and history, and submits a line on Enter. What is typed
 * (or pasted) while a command runs is queued and replayed at the next prompt, as a terminal does; Ctrl-C
 * while a command runs drops the queue.
 */
export class CliLineEditor {
  #line = '';
  #history: string[] = [];
  #cursor = 0;
  #typedAhead = '';
  busy = false;

  constructor(
    private readonly write: (text: string) => void,
    private readonly submit: (line: string) => void,
  ) {}

  /** Shows the prompt; once the device has answered, replays what was typed meanwhile. */
  prompt(sn: string): void {
    this.write(`\r\n${sn}> `);
    if (this.busy || !this.#typedAhead) return;
    const queued = this.#typedAhead;
    this.#typedAhead = '';
    this.input(queued);
  }

  /** Feeds what the terminal typed (keystrokes or a pasted block). */
  input(data: string): void {
    if (this.busy) {
      if (data.includes('\u0003')) {
        this.#typedAhead = '';
        this.write('^C');
      } else this.#typedAhead = (this.#typedAhead + data).slice(0, TYPE_AHEAD_MAX);
      return;
    }
    if (data === '\u001b[A' || data === '\u001b[B') {
      this.#recall(data === '\u001b[A' ? -1 : 1);
      return;
    }
    const chars = [...data];
    for (let i = 0; i < chars.length; i++) {
      const ch = chars[i]!;
      if (ch === '\r' || ch === '\n') {
        // A CR LF pair is one Enter.
        if (ch === '\r' && chars[i + 1] === '\n') i++;
        const line = this.#line;
        this.#line = '';
        this.write('\r\n');
        const rest = chars.slice(i + 1).join('');
        if (line.trim()) {
          this.#history.push(line);
          this.#cursor = this.#history.length;
          this.busy = true;
          // The rest of a pasted block waits for the answer, like keys typed meanwhile.
          this.#typedAhead = (rest + this.#typedAhead).slice(0, TYPE_AHEAD_MAX);
          this.submit(line);
          return;
        }
        this.#typedAhead = (rest + this.#typedAhead).slice(0, TYPE_AHEAD_MAX);
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
