import { Skeleton, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';

/**
 * The white card a generated page sits on: antd's Card look without antd's Card, which brings
 * Tabs and its motion along (~14 kB gzip) to every list and form.
 */
export function Panel({
  children,
  loading,
  padding,
  style,
}: {
  children?: ReactNode;
  /** antd Card's loading look: four lines of skeleton. */
  loading?: boolean;
  padding?: number;
  style?: CSSProperties;
}) {
  const { token } = theme.useToken();
  return (
    <div
      className="stay-panel"
      style={{
        background: token.colorBgContainer,
        border: `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadiusLG,
        padding: padding ?? token.paddingLG,
        ...style,
      }}
    >
      {loading ? <Skeleton active title={false} paragraph={{ rows: 4 }} /> : children}
    </div>
  );
}
