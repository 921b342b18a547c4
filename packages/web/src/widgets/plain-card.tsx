import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

export interface PlainCardProps extends HTMLAttributes<HTMLDivElement> {
  style?: CSSProperties;
  children?: ReactNode;
  [data: `data-${string}`]: string | undefined;
}

/**
 * A white panel drawn like Ant Design's Card (its default theme's colours, corners, shadow and
 * padding), for the pages reached before signing in. antd's Card imports Tabs, menus and dropdowns
 * (~25 KB gzip), and the sign-in page loads no antd at all. The public pages import it as `Card`.
 */
export function PlainCard({ style, children, ...rest }: PlainCardProps) {
  return (
    <div
      {...rest}
      style={{
        background: '#ffffff',
        borderRadius: 8,
        boxShadow:
          '0 1px 2px 0 rgba(0, 0, 0, 0.03), 0 1px 6px -1px rgba(0, 0, 0, 0.02), 0 2px 4px 0 rgba(0, 0, 0, 0.02)',
        padding: 24,
        color: 'rgba(0, 0, 0, 0.88)',
        ...style,
      }}
    >
      {children}
    </div>
  );
}
