import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import { useCreate, useDelete, useUpdate, type HttpError } from '@refinedev/core';
import { Button, Checkbox, Dropdown, Modal, Space, Tag, type MenuProps } from 'antd';
// The text box alone: antd's Input also brings TextArea, Password and OTP.
import Input from 'antd/es/input/Input';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { isAdministrator } from '../../schema/resource';
import { versionOf } from '../../schema/versions';
import { useStaleNotice } from '../useStaleNotice';
import { useToasts } from '../../providers/toasts';
import {
  applyView,
  SAVED_VIEWS,
  useSavedViews,
  viewState,
  type SavedView,
  type ViewTarget,
} from './savedViews';

type Dialog =
  { mode: 'save' } | { mode: 'rename'; view: SavedView } | { mode: 'delete'; view: SavedView };

/**
 * The Views menu beside a list's filters (loaded when first opened): save the list as it is
 * under a name, open a saved view, and rename, delete or mark as default one's own views.
 */
export default function SavedViewsMenu({
  target,
  visible,
  initiallyOpen,
}: {
  target: ViewTarget;
  /** The columns shown now (saved with the view). */
  visible: Set<string>;
  initiallyOpen: boolean;
}) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const location = useLocation();
  const [open, setOpen] = useState(initiallyOpen);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [name, setName] = useState('');
  const [isDefault, setIsDefault] = useState(false);
  const [shared, setShared] = useState(false);
  const listKey = target.resource.name;
  const { result, query } = useSavedViews(listKey, true);
  const views = result?.data ?? [];
  const { mutate: create, mutation: creating } = useCreate<SavedView, HttpError>();
  const { mutate: update, mutation: updating } = useUpdate<SavedView, HttpError>();
  const { mutate: remove, mutation: removing } = useDelete<SavedView, HttpError>();
  const admin = isAdministrator(target.user);
  const quiet = { successNotification: false, errorNotification: false } as const;
  const stale = useStaleNotice();
  const failed = (error: HttpError) => {
    // Someone else changed the view meanwhile: told, and the views loaded again.
    if (stale(error, { resource: SAVED_VIEWS })) return;
    notification.error({ message: t('savedViews.failed'), description: error.message });
  };
  /** The version of a view as the menu has it now (after a refusal, the one loaded again). */
  const ifMatch = (view: SavedView) => ({
    meta: { ifMatch: versionOf(views.find((each) => each.id === view.id) ?? view) },
  });

  const openDialog = (next: Dialog) => {
    setOpen(false);
    setName(next.mode === 'save' ? '' : next.view.name);
    setIsDefault(false);
    setShared(false);
    setDialog(next);
  };
  const close = () => setDialog(null);
  const submit = () => {
    if (!dialog) return;
    if (dialog.mode === 'delete') {
      remove(
        { resource: SAVED_VIEWS, id: dialog.view.id, ...ifMatch(dialog.view), ...quiet },
        {
          onSuccess: () => {
            notification.success({ message: t('savedViews.deleted') });
            close();
          },
          onError: failed,
        },
      );
      return;
    }
    const trimmed = name.trim();
    if (!trimmed) return;
    if (dialog.mode === 'rename') {
      update(
        {
          resource: SAVED_VIEWS,
          id: dialog.view.id,
          values: { name: trimmed },
          ...ifMatch(dialog.view),
          ...quiet,
        },
        { onSuccess: close, onError: failed },
      );
      return;
    }
    const state = viewState(location.search, visible);
    create(
      {
        resource: SAVED_VIEWS,
        values: { name: trimmed, list: listKey, state, isDefault, ...(admin && { shared }) },
        ...quiet,
      },
      {
        onSuccess: () => {
          notification.success({ message: t('savedViews.saved', { name: trimmed }) });
          close();
        },
        onError: failed,
      },
    );
  };
  const setDefault = (view: SavedView) =>
    update(
      {
        resource: SAVED_VIEWS,
        id: view.id,
        values: { isDefault: !view.isDefault },
        ...ifMatch(view),
        ...quiet,
      },
      { onError: failed },
    );

  // A button inside a menu item acts alone (the item's own click opens the view).
  const act = (run: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    run();
  };
  const viewItem = (view: SavedView): NonNullable<MenuProps['items']>[number] => {
    const mine = view.ownerId === target.user.id;
    return {
      key: `view-${view.id}`,
      label: (
        <span style={{ display: 'flex', alignItems: 'center', gap: 8, minWidth: 220 }}>
          <span style={{ flex: 1, overflowWrap: 'anywhere' }}>{view.name}</span>
          {view.isDefault && mine && <Tag color="blue">{t('savedViews.default_tag')}</Tag>}
          {view.shared && <Tag>{t('savedViews.shared_tag')}</Tag>}
          {mine && (
            <Space size={0}>
              <Button
                type="text"
                size="small"
                aria-label={`${t(view.isDefault ? 'savedViews.unsetDefault' : 'savedViews.setDefault')}: ${view.name}`}
                title={t(view.isDefault ? 'savedViews.unsetDefault' : 'savedViews.setDefault')}
                icon={view.isDefault ? <StarFilled /> : <StarOutlined />}
                onClick={act(() => setDefault(view))}
              />
              <Button
                type="text"
                size="small"
                aria-label={`${t('savedViews.rename')}: ${view.name}`}
                title={t('savedViews.rename')}
                icon={<EditOutlined />}
                onClick={act(() => openDialog({ mode: 'rename', view }))}
              />
              <Button
                type="text"
                size="small"
                danger
                aria-label={`${t('savedViews.delete')}: ${view.name}`}
                title={t('savedViews.delete')}
                icon={<DeleteOutlined />}
                onClick={act(() => openDialog({ mode: 'delete', view }))}
              />
            </Space>
          )}
        </span>
      ),
      onClick: () => applyView(target, view.state),
    };
  };
  const items: MenuProps['items'] = [
    { key: 'save', label: t('savedViews.save'), onClick: () => openDialog({ mode: 'save' }) },
    { type: 'divider' },
    ...(query.isError
      ? [{ key: 'error', label: t('savedViews.loadFailed'), disabled: true }]
      : views.length === 0
        ? [{ key: 'none', label: t('savedViews.none'), disabled: true }]
        : views.map(viewItem)),
    { type: 'divider' },
    {
      key: 'plain',
      label: t('savedViews.plain'),
      onClick: () => applyView(target, ''),
    },
  ];
  const pending = creating.isPending || updating.isPending || removing.isPending;
  return (
    <>
      <Dropdown trigger={['click']} open={open} onOpenChange={setOpen} menu={{ items }}>
        <Button icon={<EyeOutlined />} aria-haspopup="menu">
          {t('savedViews.menu')}
        </Button>
      </Dropdown>
      <Modal
        open={dialog !== null}
        destroyOnHidden
        title={
          dialog?.mode === 'delete'
            ? t('savedViews.deleteTitle', { name: dialog.view.name })
            : t(dialog?.mode === 'rename' ? 'savedViews.renameTitle' : 'savedViews.saveTitle')
        }
        okText={t(dialog?.mode === 'delete' ? 'savedViews.delete' : 'savedViews.ok')}
        okButtonProps={{
          danger: dialog?.mode === 'delete',
          disabled: dialog?.mode !== 'delete' && !name.trim(),
          loading: pending,
        }}
        cancelText={t('savedViews.cancel')}
        onOk={submit}
        onCancel={close}
      >
        {dialog && dialog.mode !== 'delete' && (
          <Space direction="vertical" style={{ width: '100%' }}>
            <label htmlFor="saved-view-name">{t('savedViews.name')}</label>
            <Input
              id="saved-view-name"
              autoFocus
              maxLength={80}
              value={name}
              onChange={(event) => setName(event.target.value)}
              onPressEnter={submit}
            />
            {dialog.mode === 'save' && (
              <>
                <Checkbox checked={isDefault} onChange={(e) => setIsDefault(e.target.checked)}>
                  {t('savedViews.default')}
                </Checkbox>
                {admin && (
                  <Checkbox checked={shared} onChange={(e) => setShared(e.target.checked)}>
                    {t('savedViews.shared')}
                  </Checkbox>
                )}
              </>
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
