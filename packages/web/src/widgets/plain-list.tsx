import type { ReactNode } from 'react';

export interface PlainListItem {
  key: string;
  content: ReactNode;
  onClick?: () => void;
}

/**
 * A short list drawn like Ant Design's small List (items split by a line, the empty text in grey),
 * for the shell's notifications. antd's List imports Pagination and with it Select and a virtual
 * list (~30 KB gzip) that every console page would load for a list of at most a few notes.
 */
export function PlainList({
  items,
  empty,
  footer,
  style,
  ...rest
}: {
  items: PlainListItem[];
  empty: ReactNode;
  footer?: ReactNode;
  style?: React.CSSProperties;
  [data: `data-${string}`]: string | undefined;
}) {
  return (
    <div style={{ fontSize: 14, color: 'rgba(0, 0, 0, 0.88)', ...style }} {...rest}>
      {items.length === 0 ? (
        <div style={{ padding: '16px 0', textAlign: 'center', color: 'rgba(0, 0, 0, 0.25)' }}>{empty}</div>
      ) : (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {items.map((item) => (
            <li key={item.key} style={{ padding: '8px 0', borderBottom: '1px solid rgba(5, 5, 5, 0.06)' }}>
              {item.onClick ? (
                <button
                  type="button"
                  onClick={item.onClick}
                  style={{
                    display: 'block',
                    width: '100%',
                    padding: 0,
                    border: 0,
                    background: 'none',
                    font: 'inherit',
                    color: 'inherit',
                    textAlign: 'start',
                    cursor: 'pointer',
                  }}
                >
                  {item.content}
                </button>
              ) : (
                item.content
              )}
            </li>
          ))}
        </ul>
      )}
      {footer && <div style={{ padding: '8px 0 0' }}>{footer}</div>}
    </div>
  );
}
