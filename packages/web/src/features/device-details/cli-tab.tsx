import '@xterm/xterm/css/xterm.css';
import type { Terminal } from '@xterm/xterm';
import { Alert, Button, Flex } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CliLineEditor } from './cli-line-editor.ts';
import { type CliEvent, useCliSession } from './use-cli-session.ts';

/** The device's command line in the browser (xterm.js over the live WebSocket and the gateway). */
export function CliTab({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceDetails');
  const box = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  // The session may open before xterm.js has loaded: text waits here until the terminal exists.
  const pending = useRef<string[]>([]);
  const write = (text: string) => {
    if (term.current) term.current.write(text);
    else pending.current.push(text);
  };
  const editor = useRef<CliLineEditor | null>(null);
  editor.current ??= new CliLineEditor(write, (line) => {
    if (line) send.current(line);
    else editor.current?.prompt(sn);
  });
  const [refused, setRefused] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const send = useRef<(line: string) => void>(() => {});

  const onEvent = (event: CliEvent) => {
    if (event.kind === 'opened') {
      setRefused(null);
      write(t('cli.connected', { sn }));
      editor.current?.prompt(sn);
      return;
    }
    if (event.kind === 'output') write(event.text.replace(/\r?\n/g, '\r\n'));
    else {
      if (!cli.open) setRefused(event.msg);
      write(`\x1b[31m${event.msg}\x1b[0m`);
    }
    if (editor.current) editor.current.busy = false;
    editor.current?.prompt(sn);
  };
  const cli = useCliSession(sn, attempt, onEvent);
  send.current = cli.send;

  // biome-ignore lint/correctness/useExhaustiveDependencies: another device gets a fresh terminal.
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    // xterm.js is loaded with the tab, not with the console.
    void import('@xterm/xterm').then(({ Terminal: XTerm }) => {
      if (disposed || !box.current) return;
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
      const sub = terminal.onData((data) => editor.current?.input(data));
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
  }, [sn]);

  return (
    <Flex vertical gap={8} data-testid="cli-tab">
      {refused && (
        <Alert
          type="warning"
          showIcon
          title={refused}
          data-testid="cli-refused"
          action={
            <Button size="small" onClick={() => setAttempt((a) => a + 1)}>
              {t('cli.retry')}
            </Button>
          }
        />
      )}
      <div
        ref={box}
        data-testid="cli-terminal"
        style={{ minHeight: 420, padding: 8, background: '#1e1e1e', borderRadius: 6 }}
      />
    </Flex>
  );
}
