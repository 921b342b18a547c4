import {
  errorMessage,
  getTimersCall,
  nextTimerRun,
  TIMER_ACTIONS,
  TIMER_LEAD_MS,
  TIMER_REPEATS,
  type Timer,
  timerProblems,
  timersCall,
} from '@fleetport/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import { Alert, App, Button, Card, DatePicker, Flex, Select, Table, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, apiCall } from '../../api/client.ts';
import { dayjs } from '../../i18n/dayjs.ts';
import { currentLanguage } from '../../i18n/index.ts';
import { ActionResult } from './action-result.tsx';
import { rememberAction, useRemoteAction } from './remote-action-state.ts';
import { settled } from './settle-action.ts';

/** A timer being edited: its time is empty until the user picks one. */
interface TimerRow {
  key: number;
  action: Timer['action'];
  at: number | null;
  repeat: Timer['repeat'];
}

let nextKey = 1;
const row = (timer: Partial<TimerRow> = {}): TimerRow => ({
  action: 'reboot',
  at: null,
  repeat: 'none',
  ...timer,
  key: nextKey++,
});

/**
 * The timers a device holds (core §2 remote actions, §5/§9 rules): read from the device, edited as a
 * table (once, every day, every week) and saved as a whole list after a confirmation. Each row says
 * at once when it breaks a rule (120074 less than 15 minutes ahead, 120072 less than 15 minutes from
 * another run) with the catalogue's words; the server checks the same with the same function.
 */
export function TimersCard({ sn, liveOpen }: { sn: string; liveOpen: boolean }) {
  const { t } = useTranslation('deviceDetails');
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [rows, setRows] = useState<TimerRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempted, setAttempted] = useState(false);
  const [rpcId, setRpcId] = useState<string | null>(null);
  const saving = useRemoteAction(rpcId, liveOpen);

  async function load() {
    setLoading(true);
    setLoadError(null);
    try {
      const answer = await settled(await apiCall(getTimersCall, { sn }, { silent: true }));
      const held = (answer.result as { timers?: Timer[] } | null)?.timers;
      if (answer.state !== 'success' || !held) throw new Error(t('timerList.loadFailed'));
      // A repeating timer is shown at its next run that the rules allow: saving sends the list anew.
      const from = Date.now() + TIMER_LEAD_MS;
      setRows(held.map((timer) => row({ ...timer, at: nextTimerRun(timer, from) })));
      setAttempted(false);
    } catch (e) {
      setLoadError(e instanceof Error ? e.message : String(e));
    } finally {
      setLoading(false);
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: read once per device.
  useEffect(() => {
    void load();
  }, [sn]);

  const dated = rows.filter((r): r is TimerRow & { at: number } => r.at !== null);
  const problems = new Map(
    timerProblems(dated, Date.now()).map((p) => [
      dated[p.index]?.key,
      errorMessage(p.code, currentLanguage()),
    ]),
  );
  const problemOf = (r: TimerRow) =>
    r.at === null ? (attempted ? t('fields.required') : null) : (problems.get(r.key) ?? null);
  const update = (key: number, patch: Partial<TimerRow>) =>
    setRows((all) => all.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function send() {
    const timers = dated.map(({ action, at, repeat }) => ({ action, at, repeat }));
    try {
      const started = await apiCall(timersCall, { sn, timers });
      rememberAction(queryClient, started);
      setRpcId(started.rpcId);
    } catch (e) {
      // 120052 offline, 120072/120074 when time moved on since the check: shown by the client.
      if (!(e instanceof ApiError)) throw e;
    }
  }

  function save() {
    setAttempted(true);
    if (rows.some((r) => r.at === null) || problems.size > 0) return;
    modal.confirm({
      title: t('timerList.confirm', { sn, count: rows.length }),
      okButtonProps: { 'data-testid': 'confirm-timers' } as ButtonProps,
      cancelText: t('common:cancel'),
      onOk: send,
    });
  }

  const columns = [
    {
      key: 'index',
      title: '#',
      width: 48,
      render: (_: unknown, _r: TimerRow, i: number) => i + 1,
    },
    {
      key: 'action',
      title: t('timerList.action'),
      render: (_: unknown, r: TimerRow, i: number) => (
        <Select
          value={r.action}
          onChange={(action) => update(r.key, { action })}
          options={TIMER_ACTIONS.map((a) => ({ value: a, label: t(`timerList.actions.${a}`) }))}
          style={{ width: 140 }}
          data-testid={`timer-action-${i}`}
        />
      ),
    },
    {
      key: 'at',
      title: t('timerList.at'),
      render: (_: unknown, r: TimerRow, i: number) => {
        const problem = problemOf(r);
        return (
          <Flex vertical gap={2}>
            <DatePicker
              showTime
              value={r.at === null ? null : dayjs(r.at)}
              onChange={(value) => update(r.key, { at: value ? value.valueOf() : null })}
              disabledDate={(day) => day.endOf('day').isBefore(dayjs())}
              status={problem ? 'error' : undefined}
              data-testid={`timer-at-${i}`}
            />
            {problem && (
              <Typography.Text type="danger" data-testid={`timer-problem-${i}`}>
                {problem}
              </Typography.Text>
            )}
          </Flex>
        );
      },
    },
    {
      key: 'repeat',
      title: t('timerList.repeat'),
      render: (_: unknown, r: TimerRow, i: number) => (
        <Select
          value={r.repeat}
          onChange={(repeat) => update(r.key, { repeat })}
          options={TIMER_REPEATS.map((v) => ({ value: v, label: t(`timerList.repeats.${v}`) }))}
          style={{ width: 130 }}
          data-testid={`timer-repeat-${i}`}
        />
      ),
    },
    {
      key: 'remove',
      title: '',
      width: 90,
      render: (_: unknown, r: TimerRow, i: number) => (
        <Button
          size="small"
          danger
          onClick={() => setRows((all) => all.filter((x) => x.key !== r.key))}
          data-testid={`timer-remove-${i}`}
        >
          {t('timerList.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Card
      size="small"
      title={t('actions.timers.title')}
      data-testid="action-timers"
      extra={
        <Button size="small" onClick={() => void load()} loading={loading} data-testid="timers-reload">
          {t('timerList.reload')}
        </Button>
      }
    >
      <Flex vertical gap={8}>
        <Typography.Text type="secondary">{t('timerList.rules')}</Typography.Text>
        {loadError && <Alert type="warning" showIcon title={loadError} data-testid="timers-load-error" />}
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          loading={loading}
          columns={columns}
          dataSource={rows}
          locale={{ emptyText: t('timerList.empty') }}
          data-testid="timers-table"
        />
        <Flex gap={8}>
          {/* Not while the device's list is read: it would replace the row being added. */}
          <Button
            onClick={() => setRows((all) => [...all, row()])}
            disabled={loading}
            data-testid="timers-add"
          >
            {t('timerList.add')}
          </Button>
          <Button type="primary" onClick={save} data-testid="timers-save">
            {t('timerList.save')}
          </Button>
        </Flex>
        {saving.data && <ActionResult action={saving.data} />}
      </Flex>
    </Card>
  );
}
