import { useGetIdentity, useSubscription, type LiveEvent } from '@refinedev/core';
import { Button, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../schema/user';
import type { LiveChange } from '../../providers/liveProvider';
import { LazyAlert } from '../LazyAlert';
import { PresenceBar } from './PresenceBar';

/**
 * An open edit form is never replaced under the user's hands (its Refine liveMode is "manual"):
 * when someone else changes or deletes the record meanwhile, this bar says who, and Reload
 * brings their version in when the user chooses (issue 38).
 */
export function LiveChangeBar({
  resource,
  id,
  reload,
  compare,
}: {
  resource: string;
  /** The record on the form; none on a create form (nothing to hear about). */
  id: number | undefined;
  /** Loads the record as it is now into the form. */
  reload: () => Promise<unknown>;
  /** Opens the conflict panel over the form (theirs beside the person's), saving nothing. */
  compare?: (message: string, changedBy: string | null) => void;
}) {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<User>();
  const [change, setChange] = useState<{ by?: string; deleted: boolean } | null>(null);
  const [loading, setLoading] = useState(false);
  useSubscription({
    channel: `resources/${resource}`,
    types: ['updated', 'deleted'],
    params: { subscriptionType: 'useOne', id, resource },
    // Opened once the user is known: the subscription keeps its first callback.
    enabled: id !== undefined && me !== undefined,
    onLiveEvent: (event: LiveEvent) => {
      const by = (event.payload as Pick<LiveChange, 'by'>).by;
      // The user's own save is no news.
      if (by && by.id === me?.id) return;
      setChange({ by: by?.name || undefined, deleted: event.type === 'deleted' });
    },
  });
  const presence = <PresenceBar resource={resource} id={id} />;
  if (!change) return presence;
  const said = change.deleted
    ? change.by
      ? t('live.deletedBy', { name: change.by })
      : t('live.deletedElsewhere')
    : change.by
      ? t('live.changedBy', { name: change.by })
      : t('live.changedElsewhere');
  return (
    <>
      {presence}
      <LazyAlert
        type="warning"
        showIcon
        role="status"
        data-testid="live-change-bar"
        message={said}
        description={change.deleted ? undefined : t('live.keptHelp')}
        action={
          change.deleted ? undefined : (
            <Space wrap>
              {compare && (
                <Button
                  size="small"
                  onClick={() => {
                    compare(said, change.by ?? null);
                    setChange(null);
                  }}
                >
                  {t('live.compare')}
                </Button>
              )}
              <Button
                size="small"
                loading={loading}
                onClick={() => {
                  setLoading(true);
                  void reload().finally(() => {
                    setLoading(false);
                    setChange(null);
                  });
                }}
              >
                {t('live.reload')}
              </Button>
            </Space>
          )
        }
        style={{ marginBottom: 24 }}
      />
    </>
  );
}
