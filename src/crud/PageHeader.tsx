import { Space, Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's title (the one h1) and its actions, wrapping on narrow screens. */
export function PageHeader({ title, extra }: { title: ReactNode; extra?: ReactNode }) {
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
      <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
        {title}
      </Typography.Title>
      {extra && <Space wrap>{extra}</Space>}
    </div>
  );
}
