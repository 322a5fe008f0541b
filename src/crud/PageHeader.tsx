import { Space, theme } from 'antd';
import type { ReactNode } from 'react';

/** A page's title (the one h1) and its actions, wrapping on narrow screens. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: 16,
        marginBottom: 16,
        flexWrap: 'wrap',
      }}
    >
      <h1
        style={{
          fontSize: 24,
          margin: 0,
          fontWeight: 600,
          lineHeight: token.lineHeightHeading1,
          color: token.colorTextHeading,
        }}
      >
        {title}
      </h1>
      {extra && <Space wrap>{extra}</Space>}
    </div>
  );
}
