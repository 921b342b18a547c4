import { Alert, Button, Flex } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CliLineEditor } from './cli-line-editor.ts';
import { type CliEvent, useCliSession } from './use-cli-session.ts';
import { TERMINAL_BOX_STYLE, useTerminal } from './use-terminal.ts';

/** The device's command line in the browser (xterm.js over the live WebSocket and the gateway). */
export function CliTab({ sn }: { sn: string }) {
  const { t } = useTranslation('deviceDetails');
  // The session may open before xterm.js has loaded: the terminal keeps text until it exists.
  const terminal = useTerminal(sn, (data) => editor.current?.input(data));
  const write = terminal.write;
  const editor = useRef<CliLineEditor | null>(null);
  // The editor outlives a change of device (same page, another SN): its prompt names the current one.
  const currentSn = useRef(sn);
  currentSn.current = sn;
  editor.current ??= new CliLineEditor(write, (line) => {
    if (line) send.current(line);
    else editor.current?.prompt(currentSn.current);
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
      <div ref={terminal.box} data-testid="cli-terminal" style={TERMINAL_BOX_STYLE} />
    </Flex>
  );
}
