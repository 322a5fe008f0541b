import { DownloadOutlined } from '@ant-design/icons';
import type { HttpError } from '@refinedev/core';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToasts } from '../../providers/toasts';
import { downloadExport } from './download';

/** Downloads a hotel's data as a ZIP (GDPR Art. 20): `path` is its export route. */
export function ExportButton({ path, label }: { path: string; label: string }) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await downloadExport(path, 'hotel-export.zip');
    } catch (failure) {
      notification.error({
        message: t('offboarding.exportFailed'),
        description: (failure as HttpError).message,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<DownloadOutlined />} loading={busy} onClick={() => void run()}>
      {label}
    </Button>
  );
}
