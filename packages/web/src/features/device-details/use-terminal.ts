import '@xterm/xterm/css/xterm.css';
import type { Terminal } from '@xterm/xterm';
import { type CSSProperties, useEffect, useRef } from 'react';
import { i18n } from '../../i18n/index.ts';

/** The dark box a terminal is drawn in (CLI tab, serial port). */
export const TERMINAL_BOX_STYLE: CSSProperties = {
  minHeight: 420,
  padding: 8,
  background: '#1e1e1e',
  borderRadius: 6,
};

/**
 * An xterm.js terminal drawn into the returned `box` while `active` (a new `key` gets a fresh one).
 * xterm.js is loaded with the first terminal, not with the console. Text written before it exists
 * waits and is shown once it does; what the user types goes to `onData`.
 */
export function useTerminal(key: unknown, onData: (data: string) => void, active = true) {
  const box = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const pending = useRef<string[]>([]);
  const input = useRef(onData);
  input.current = onData;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another key gets a fresh terminal.
  useEffect(() => {
    if (!active) return;
    let disposed = false;
    let dispose = () => {};
    void import('@xterm/xterm').then(({ Terminal: XTerm }) => {
      if (disposed || !box.current) return;
      // xterm's own words for screen readers ("Terminal input"), in the console's language.
      XTerm.strings.promptLabel = i18n.t('deviceDetails:cli.promptLabel');
      XTerm.strings.tooMuchOutput = i18n.t('deviceDetails:cli.tooMuchOutput');
      const terminal = new XTerm({
        cursorBlink: true,
        convertEol: false,
        fontSize: 13,
        rows: 24,
        theme: { background: '#1e1e1e' },
      });
      terminal.open(box.current);
      term.current = terminal;
      for (const text of pending.current.splice(0)) terminal.write(text);
      const sub = terminal.onData((data) => input.current(data));
      terminal.focus();
      dispose = () => {
        sub.dispose();
        terminal.dispose();
      };
    });
    return () => {
      disposed = true;
      dispose();
      term.current = null;
    };
  }, [key, active]);

  return {
    box,
    write(text: string) {
      if (term.current) term.current.write(text);
      else pending.current.push(text);
    },
    clear() {
      pending.current = [];
      term.current?.reset();
    },
  };
}
