import type { LiveServerMessage } from '@fleetport/contract';
import { useEffect, useRef, useState } from 'react';
import { onLiveMessage, sendLive } from '../../api/live.ts';

export type CliEvent =
  | { kind: 'opened' }
  | { kind: 'output'; text: string; exitCode: number }
  | { kind: 'refused'; msg: string };

/**
 * A CLI session on one device over the tab's WebSocket: opens it (again for each `attempt`), sends lines, hands
 * every answer to `onEvent`, and closes it when the tab is left.
 */
export function useCliSession(sn: string, attempt: number, onEvent: (event: CliEvent) => void) {
  const session = useRef<string | null>(null);
  const handler = useRef(onEvent);
  handler.current = onEvent;
  const [open, setOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt opens a new session.
  useEffect(() => {
    let waiting = true;
    const stop = onLiveMessage((message: LiveServerMessage) => {
      if (message.type === 'cli.opened' && waiting && message.sn === sn) {
        waiting = false;
        session.current = message.session;
        setOpen(true);
        handler.current({ kind: 'opened' });
      } else if (message.type === 'cli.output' && message.session === session.current) {
        handler.current(
          message.code === 0
            ? { kind: 'output', text: message.output, exitCode: message.exitCode }
            : { kind: 'refused', msg: message.msg },
        );
      } else if (
        message.type === 'error' &&
        (waiting || (message.session && message.session === session.current))
      ) {
        waiting = false;
        handler.current({ kind: 'refused', msg: message.msg });
      }
    });
    sendLive({ type: 'cli.open', sn });
    return () => {
      stop();
      if (session.current) sendLive({ type: 'cli.close', session: session.current });
      session.current = null;
      setOpen(false);
    };
  }, [sn, attempt]);

  return {
    open,
    send(line: string) {
      if (session.current) sendLive({ type: 'cli.input', session: session.current, line });
    },
  };
}
