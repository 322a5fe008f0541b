import { InboxOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { forms } from '../../resources/forms';

/** The forms list's row action: the form's submissions. */
export function SubmissionsLink({ record }: { record: Record<string, unknown> & { id: number } }) {
  const { t } = useTranslation();
  const label = t('forms.submissionsOfForm', { label: String(record.label ?? '') });
  return (
    <Tooltip title={t('resources.submissions.title')}>
      <Link to={`/dashboard/${forms.route}/${record.id}/submissions`} aria-label={label}>
        <Button type="text" icon={<InboxOutlined />} tabIndex={-1} />
      </Link>
    </Tooltip>
  );
}
