import type { OpenApiDocumentError } from '@fleetport/contract';
import { openApiCurl, openApiTokenCurl } from '@fleetport/contract';
import { Flex, Table, Tag, Typography } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/use-lang.ts';
import { MachineWords } from '../../widgets/machine-words.tsx';
import { type JsonSchema, type ManualOperation, nonNull } from './api-manual-document.ts';

/** One interface of the manual: its parameters, request and answer fields, codes and a curl sample. */

interface FieldRow {
  key: string;
  name: string;
  in?: string;
  type: string;
  required: boolean;
  description: string;
}

/** A schema's type as a reader writes it: `string`, `integer[]`, `"online" | "offline"`, `string | null`. */
function typeOf(raw: JsonSchema): string {
  const { schema, nullable } = nonNull(raw);
  let type: string;
  if (Array.isArray(schema.enum)) type = schema.enum.map((v) => JSON.stringify(v)).join(' | ');
  else if (schema.const !== undefined) type = JSON.stringify(schema.const);
  else if (schema.type === 'array') type = `${typeOf((schema.items as JsonSchema | undefined) ?? {})}[]`;
  else if (Array.isArray(schema.anyOf)) type = (schema.anyOf as JsonSchema[]).map(typeOf).join(' | ');
  else if (typeof schema.$ref === 'string') type = schema.$ref.split('/').pop() ?? 'object';
  else if (Array.isArray(schema.type)) type = schema.type.join(' | ');
  else type = typeof schema.type === 'string' ? schema.type : 'any';
  return nullable ? `${type} | null` : type;
}

/** Limits JSON Schema states beside the type: length, range, format, default. */
function limitsOf(raw: JsonSchema): string {
  const { schema } = nonNull(raw);
  const parts: string[] = [];
  for (const [key, label] of [
    ['minLength', 'minLength'],
    ['maxLength', 'maxLength'],
    ['minimum', 'min'],
    ['maximum', 'max'],
    ['format', 'format'],
    ['default', 'default'],
  ] as const)
    if (schema[key] !== undefined) parts.push(`${label}: ${JSON.stringify(schema[key])}`);
  return parts.join(', ');
}

/** Every field of an object schema, nested fields dotted (`list[].sn`), four levels deep at most. */
export function fieldRows(raw: JsonSchema, prefix = '', depth = 0): FieldRow[] {
  const { schema } = nonNull(raw);
  const target =
    schema.type === 'array' ? nonNull((schema.items as JsonSchema | undefined) ?? {}).schema : schema;
  const at = schema.type === 'array' && prefix ? `${prefix}[]` : prefix;
  const properties = (target.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((target.required as string[] | undefined) ?? []);
  if (depth > 4) return [];
  return Object.entries(properties).flatMap(([name, property]) => {
    const path = at ? `${at}.${name}` : name;
    const limits = limitsOf(property);
    const description = [typeof property.description === 'string' ? property.description : '', limits]
      .filter(Boolean)
      .join(' · ');
    return [
      { key: path, name: path, type: typeOf(property), required: required.has(name), description },
      ...fieldRows(property, path, depth + 1),
    ];
  });
}

/**
 * A text of the document (a catalogue message, a summary) with the machine's words in it kept as
 * written: placeholders (`{scope}`), header names (`Idempotency-Key`) and interface ids (`actions.get`).
 */
export function MachineText({ text }: { text: string }) {
  return (
    <>
      {text.split(/(\{\w+\}|[A-Z][a-z]+(?:-[A-Z][a-z]+)+|\b[a-z]+\.[a-z][A-Za-z]*\b)/).map((part, i) =>
        i % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed text, in order
          <span key={i} translate="no">
            {part}
          </span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: as above
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

function FieldTable({ rows, withIn, testId }: { rows: FieldRow[]; withIn?: boolean; testId: string }) {
  const { t } = useTranslation('apiManual');
  const raw = (value: string) => <span translate="no">{value}</span>;
  return (
    <Table<FieldRow>
      data-testid={testId}
      size="small"
      rowKey="key"
      pagination={false}
      dataSource={rows}
      columns={[
        {
          key: 'name',
          title: t('columns.name'),
          render: (_: unknown, r) => <Typography.Text code>{raw(r.name)}</Typography.Text>,
        },
        ...(withIn
          ? [
              {
                key: 'in',
                title: t('columns.in'),
                render: (_: unknown, r: FieldRow) => t(`where.${r.in ?? 'body'}`),
              },
            ]
          : []),
        { key: 'type', title: t('columns.type'), render: (_: unknown, r) => raw(r.type) },
        {
          key: 'required',
          title: t('columns.required'),
          render: (_: unknown, r) => (r.required ? t('yes') : t('no')),
        },
        // The document's own notes on a field are English (from the contract): kept as written.
        {
          key: 'description',
          title: t('columns.description'),
          render: (_: unknown, r) => raw(r.description),
        },
      ]}
    />
  );
}

export function ErrorCodeTable({
  errors,
  testId,
}: {
  errors: readonly OpenApiDocumentError[];
  testId: string;
}) {
  const { t } = useTranslation('apiManual');
  const lang = useLang();
  return (
    <Table<OpenApiDocumentError>
      data-testid={testId}
      size="small"
      rowKey="code"
      pagination={false}
      dataSource={[...errors]}
      columns={[
        { key: 'code', title: t('columns.code'), dataIndex: 'code' },
        { key: 'status', title: t('columns.status'), dataIndex: 'status' },
        {
          key: 'message',
          title: t('columns.message'),
          render: (_: unknown, e) => <MachineText text={e[lang]} />,
        },
      ]}
    />
  );
}

/** A command or JSON a reader copies: as the machine writes it, with antd's copy button. */
export function CodeBlock({ text, testId }: { text: string; testId?: string }) {
  return (
    <Typography.Paragraph copyable={{ text }} style={{ marginBottom: 0 }}>
      <pre translate="no" data-testid={testId} style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
        {text}
      </pre>
    </Typography.Paragraph>
  );
}

/** Where the open API answers, as a reader's shell reaches it: this console's origin and the document's server. */
export function openApiBase(server: string): string {
  return new URL(server, window.location.origin).toString().replace(/\/$/, '');
}

export function OperationDetails({ op, server }: { op: ManualOperation; server: string }) {
  const { t } = useTranslation('apiManual');
  const base = openApiBase(server);
  const curl = op.sample
    ? openApiCurl({ method: op.method, ...op.sample, idempotent: op.idempotent }, base)
    : openApiTokenCurl(base);
  const parameters: FieldRow[] = op.parameters.map((p) => ({
    key: `${p.in}:${p.name}`,
    name: p.name,
    in: p.in,
    type: typeOf(p.schema),
    required: p.required,
    description: [p.description ?? '', limitsOf(p.schema)].filter(Boolean).join(' · '),
  }));
  const section = (title: string, children: React.ReactNode) => (
    <div>
      <Typography.Title level={5}>{title}</Typography.Title>
      {children}
    </div>
  );
  return (
    <Flex vertical gap={12} data-testid={`operation-${op.id}`}>
      <Flex gap={8} wrap>
        <span>
          {t('scope')}:{' '}
          {op.scopes.length > 0
            ? op.scopes.map((s) => (
                <Tag key={s} translate="no">
                  {s}
                </Tag>
              ))
            : t('noScope')}
        </span>
        {op.adminOnly && <Tag color="gold">{t('adminOnly')}</Tag>}
        {op.idempotent && <Tag color="blue">{t('idempotent')}</Tag>}
      </Flex>
      {parameters.length > 0 &&
        section(t('parameters'), <FieldTable rows={parameters} withIn testId={`parameters-${op.id}`} />)}
      {op.request &&
        section(
          t('requestBody'),
          <Flex vertical gap={8}>
            <Typography.Text code translate="no">
              {op.request.contentType}
            </Typography.Text>
            <FieldTable rows={fieldRows(op.request.schema)} testId={`request-${op.id}`} />
          </Flex>,
        )}
      {op.response &&
        section(
          t('response'),
          <Flex vertical gap={8}>
            {op.response.enveloped && (
              <span>
                <MachineWords sentence={(m) => t('responseHint', m)} values={{ data: 'data' }} />
              </span>
            )}
            <FieldTable rows={fieldRows(op.response.schema)} testId={`response-${op.id}`} />
            {op.response.example !== undefined && (
              <>
                <Typography.Text type="secondary">{t('sampleAnswer')}</Typography.Text>
                <CodeBlock text={JSON.stringify(op.response.example, null, 2)} />
              </>
            )}
          </Flex>,
        )}
      {op.errors.length > 0 &&
        section(t('errors'), <ErrorCodeTable errors={op.errors} testId={`errors-${op.id}`} />)}
      {section(
        t('curl'),
        <Flex vertical gap={4}>
          {op.sample && (
            <Typography.Text type="secondary">
              <MachineWords sentence={(m) => t('curlHint', m)} values={{ token: '$TOKEN' }} />
            </Typography.Text>
          )}
          <CodeBlock text={curl} testId={`curl-${op.id}`} />
        </Flex>,
      )}
    </Flex>
  );
}
