import { theme } from 'antd';
import type { CSSProperties, HTMLAttributes, ReactNode } from 'react';

export interface PlainCardProps extends HTMLAttributes<HTMLDivElement> {
  style?: CSSProperties;
  children?: ReactNode;
  [data: `data-${string}`]: string | undefined;
}

/**
 * A white panel drawn like Ant Design's Card, for the pages reached before signing in. antd's Card
 * imports Tabs (for its tab list), and with it menus and dropdowns: ~25 KB gzip the sign-in page
 * does not need (bench/RESULTS.md "First load"). The public pages import it as `Card`.
 */
export function PlainCard({ style, children, ...rest }: PlainCardProps) {
  const { token } = theme.useToken();
  return (
    <div
      {...rest}
      style={{
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        boxShadow: token.boxShadowTertiary,
        padding: token.paddingLG,
        color: token.colorText,
        ...style,
      }}
    >
      {children}
    </div>
  );
}
