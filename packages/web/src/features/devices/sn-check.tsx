import { ErrorCode, errorMessage, obtainNotExistDevicesCall } from '@fleetport/contract';
import { Alert, App, Button, Flex, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiCall } from '../../api/client.ts';
import { useLang } from '../../app/use-lang.ts';

/** Splits pasted serial numbers on commas, spaces and line breaks. */
export function parseSns(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/**
 * Which of the pasted serial numbers are not devices of the company (obtaindNotExistDevices). One
 * missing SN is an error naming it; several are an alert listing them all (core §7).
 */
export function SnCheck() {
  const { message } = App.useApp();
  const { t } = useTranslation('devices');
  const lang = useLang();
  const [text, setText] = useState('');
  const [missing, setMissing] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);

  async function check() {
    const sns = parseSns(text);
    if (sns.length === 0) return;
    setBusy(true);
    try {
      const notExist = await apiCall(obtainNotExistDevicesCall, { sns });
      setMissing(notExist);
      if (notExist.length === 1)
        void message.error(errorMessage(ErrorCode.NO_SN_RECORD, lang, { sn: notExist[0] }));
      else if (notExist.length === 0) void message.success(t('snCheck.allExist', { count: sns.length }));
    } catch {
      setMissing(null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Flex vertical gap={8} data-testid="sn-check">
      <Input.TextArea
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t('snCheck.placeholder')}
        data-testid="sn-check-input"
      />
      <Button onClick={check} loading={busy} style={{ alignSelf: 'flex-start' }} data-testid="sn-check-run">
        {t('snCheck.run')}
      </Button>
      {missing && missing.length > 1 && (
        <Alert
          type="error"
          showIcon
          data-testid="sn-check-missing"
          title={errorMessage(ErrorCode.NO_SN_RECORDS, lang, { sn: missing.join(', ') })}
        />
      )}
    </Flex>
  );
}
