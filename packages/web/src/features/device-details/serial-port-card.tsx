import { SERIAL_BAUD_RATES, SERIAL_DATA_BITS, SERIAL_PARITIES, SERIAL_STOP_BITS } from '@fleetport/contract';
import { Alert, Button, Card, Drawer, Flex, Form, Select, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type SerialSettings, useSerialPort } from './use-serial-port.ts';
import { TERMINAL_BOX_STYLE, useTerminal } from './use-terminal.ts';

const DEFAULTS: Omit<SerialSettings, 'port'> = { baudRate: 9600, dataBits: 8, parity: 'none', stopBits: 1 };
const STATUS_COLOR = { closed: 'default', opening: 'processing', open: 'success' } as const;

/** "9600 8N1", as a serial line is usually named. */
export function lineName(s: Omit<SerialSettings, 'port'>): string {
  return `${s.baudRate} ${s.dataBits}${s.parity[0]?.toUpperCase()}${s.stopBits}`;
}

/**
 * Remote serial port access (core §2): the card opens a drawer where the user picks a COM port of
 * the device and its line settings, then types into a terminal wired to the port.
 */
export function SerialPortCard({ sn, comPorts }: { sn: string; comPorts: number }) {
  const { t } = useTranslation('deviceDetails');
  const [shown, setShown] = useState(false);
  const [form] = Form.useForm<SerialSettings>();
  const terminal = useTerminal(sn, (data) => serial.write(data), shown);
  const serial = useSerialPort(sn, (text) => terminal.write(text));
  const closed = serial.status === 'closed';

  async function open() {
    const settings = await form.validateFields().catch(() => null);
    if (!settings) return;
    terminal.clear();
    if (await serial.open(settings))
      terminal.write(`${t('serialPort.opened', { port: settings.port, line: lineName(settings) })}\r\n`);
  }

  async function hide() {
    await serial.close();
    setShown(false);
  }

  const options = <T extends string | number>(values: readonly T[], label = (v: T) => String(v)) =>
    values.map((value) => ({ value, label: label(value) }));
  // The line settings, each a pick from the values the contract allows.
  const lineFields: {
    name: keyof typeof DEFAULTS;
    width: number;
    choices: { value: string | number; label: string }[];
  }[] = [
    { name: 'baudRate', width: 100, choices: options(SERIAL_BAUD_RATES) },
    { name: 'dataBits', width: 60, choices: options(SERIAL_DATA_BITS) },
    { name: 'parity', width: 90, choices: options(SERIAL_PARITIES, (p) => t(`serialPort.parities.${p}`)) },
    { name: 'stopBits', width: 60, choices: options(SERIAL_STOP_BITS) },
  ];
  return (
    <Card size="small" title={t('serialPort.title')} data-testid="action-serialPort">
      <Flex vertical gap={8} align="start">
        <Typography.Text type="secondary">{t('serialPort.ports', { count: comPorts })}</Typography.Text>
        <Button type="primary" onClick={() => setShown(true)} data-testid="serial-show">
          {t('serialPort.show')}
        </Button>
      </Flex>
      <Drawer
        open={shown}
        onClose={() => void hide()}
        size={760}
        destroyOnHidden
        title={`${t('serialPort.title')} · ${sn}`}
        data-testid="serial-drawer"
      >
        <Flex vertical gap={12}>
          <Form
            form={form}
            layout="inline"
            size="small"
            initialValues={{ port: 1, ...DEFAULTS }}
            disabled={!closed}
          >
            <Form.Item name="port" label={t('serialPort.port')}>
              <Select
                aria-label={t('serialPort.port')}
                data-testid="serial-port"
                style={{ width: 90 }}
                options={options(
                  Array.from({ length: comPorts }, (_, i) => i + 1),
                  (n) => `COM${n}`,
                )}
              />
            </Form.Item>
            {lineFields.map(({ name, width, choices }) => (
              <Form.Item key={name} name={name} label={t(`serialPort.${name}`)}>
                <Select data-testid={`serial-${name}`} style={{ width }} options={choices} />
              </Form.Item>
            ))}
          </Form>
          <Flex gap={8} align="center">
            {closed || serial.status === 'opening' ? (
              <Button
                type="primary"
                onClick={() => void open()}
                loading={serial.status === 'opening'}
                data-testid="serial-open"
              >
                {t('serialPort.open')}
              </Button>
            ) : (
              <Button onClick={() => void serial.close()} data-testid="serial-close">
                {t('serialPort.close')}
              </Button>
            )}
            <Tag color={STATUS_COLOR[serial.status]} data-testid="serial-status" data-status={serial.status}>
              {t(`serialPort.status.${serial.status}`)}
            </Tag>
          </Flex>
          {serial.error && <Alert type="warning" showIcon title={serial.error} data-testid="serial-error" />}
          <Typography.Text type="secondary">{t('serialPort.holdHint')}</Typography.Text>
          <div ref={terminal.box} data-testid="serial-terminal" style={TERMINAL_BOX_STYLE} />
        </Flex>
      </Drawer>
    </Card>
  );
}
