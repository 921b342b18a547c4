import {
  ErrorCode,
  OPEN_API_IDEMPOTENCY_HOURS,
  OPEN_API_PREFIX,
  OPEN_API_RATE,
  OPEN_API_TOKEN_SECONDS,
  openApiCurl,
  openApiTokenCurl,
} from '@fleetport/contract';
import { Card, Flex, Spin, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { addNamespaces } from '../../i18n/index.ts';
import { MachineWords } from '../../widgets/machine-words.tsx';
import { apiManual } from './api-manual.i18n.ts';
import { useManualDocument } from './api-manual-document.ts';
import { CodeBlock, ErrorCodeTable, openApiBase } from './api-manual-operation.tsx';

addNamespaces({ apiManual });

/** `/support/openApi` (core §2): from a new client to the first call, the limits, writes and errors. */
export function GettingStartedPage() {
  const { t } = useTranslation('apiManual');
  const document = useManualDocument();
  const base = openApiBase(document.data?.server ?? OPEN_API_PREFIX);
  // The codes every interface may answer: those each one of them lists (the token call aside).
  const interfaces = (document.data?.operations ?? []).filter((op) => op.sample);
  const common = (interfaces[0]?.errors ?? []).filter((e) =>
    interfaces.every((op) => op.errors.some((other) => other.code === e.code)),
  );
  const words = (key: string, values: Record<string, string>) => (
    <MachineWords sentence={(m) => t(key, m)} values={values} />
  );
  const step = (title: string, text: ReactNode, more?: ReactNode) => (
    <section>
      <Typography.Title level={4}>{title}</Typography.Title>
      <Typography.Paragraph>{text}</Typography.Paragraph>
      {more}
    </section>
  );
  return (
    <Card title={t('guide.title')} data-testid="open-api-guide">
      <Flex vertical gap={8}>
        <Typography.Paragraph>
          {words('guide.intro', { prefix: OPEN_API_PREFIX, oauth: 'OAuth 2.0' })}
        </Typography.Paragraph>
        {step(
          t('guide.step1.title'),
          t('guide.step1.text'),
          <Link to="/operation/openApi">{t('guide.step1.link')}</Link>,
        )}
        {step(
          t('guide.step2.title'),
          words('guide.step2.text', {
            minutes: String(OPEN_API_TOKEN_SECONDS / 60),
            expired: String(ErrorCode.OPEN_API_TOKEN_EXPIRED),
          }),
          <CodeBlock text={openApiTokenCurl(base)} testId="guide-token-curl" />,
        )}
        {step(
          t('guide.step3.title'),
          words('guide.step3.text', {
            header: 'Authorization: Bearer $TOKEN',
            envelope: '{code, data, msg}',
            success: 'code: 0',
          }),
          <CodeBlock
            text={openApiCurl(
              { method: 'GET', path: '/devices', query: { pageNum: '1', pageSize: '20' } },
              base,
            )}
            testId="guide-first-call"
          />,
        )}
        {step(
          t('guide.step4.title'),
          words('guide.step4.text', {
            perSecond: String(OPEN_API_RATE.perSecond),
            burst: String(OPEN_API_RATE.burst),
            headers: 'RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset',
            status: '429',
            code: String(ErrorCode.OPEN_API_RATE_LIMITED),
            retryAfter: 'Retry-After',
          }),
        )}
        {step(
          t('guide.step5.title'),
          words('guide.step5.text', {
            header: 'Idempotency-Key',
            hours: String(OPEN_API_IDEMPOTENCY_HOURS),
            replayed: 'Idempotent-Replayed: true',
            reused: String(ErrorCode.OPEN_API_IDEMPOTENCY_KEY_REUSED),
          }),
        )}
        {step(
          t('guide.step6.title'),
          words('guide.step6.text', { language: 'language: en | cn' }),
          <Flex vertical gap={8}>
            {document.isLoading ? <Spin /> : <ErrorCodeTable errors={common} testId="guide-codes" />}
            <Link to="/support/apiManual">{t('guide.step6.manual')}</Link>
          </Flex>,
        )}
      </Flex>
    </Card>
  );
}
