import type { CSSProperties, ReactNode } from 'react';

/**
 * A card drawn like Ant Design's small Card: an optional head with the title and actions, a body.
 * antd's Card imports Tabs (its tab list) and Skeleton (its loading state); the dashboard's cards use
 * neither, and the dashboard loads without them (issue 12).
 */
export function PanelCard({
  title,
  extra,
  children,
  style,
  ...rest
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <section
      style={{
        background: '#fff',
        border: '1px solid #f0f0f0',
        borderRadius: 8,
        color: 'rgba(0, 0, 0, 0.88)',
        fontSize: 14,
        ...style,
      }}
      {...rest}
    >
      {(title || extra) && (
        <header
          style={{
            display: 'flex',
            alignItems: 'center',
            gap: 8,
            minHeight: 38,
            padding: '0 12px',
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          <h2
            style={{
              flex: 1,
              minWidth: 0,
              margin: 0,
              fontSize: 14,
              fontWeight: 600,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {title}
          </h2>
          {extra}
        </header>
      )}
      <div style={{ padding: 12 }}>{children}</div>
    </section>
  );
}

/** A figure with its caption above, drawn like Ant Design's Statistic. */
export function Stat({
  title,
  value,
  color,
  ...rest
}: {
  title: ReactNode;
  value: number;
  color?: string;
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <div {...rest}>
      <div style={{ marginBottom: 4, color: 'rgba(0, 0, 0, 0.45)', fontSize: 14 }}>{title}</div>
      <div
        data-testid="stat-value"
        style={{ color: color ?? 'rgba(0, 0, 0, 0.88)', fontSize: 24, lineHeight: 1.3 }}
      >
        {value.toLocaleString()}
      </div>
    </div>
  );
}
