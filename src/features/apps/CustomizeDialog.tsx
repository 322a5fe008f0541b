import { zodResolver } from '@hookform/resolvers/zod';
import { useCreate, useUpdate, type HttpError } from '@refinedev/core';
import { Button, Col, Form, Modal, Row, Typography } from 'antd';
import { useCallback, useId, useMemo } from 'react';
import { useForm, useWatch, type FieldValues, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Conflicts } from '../../crud/form/Conflicts';
import type { Values } from '../../crud/form/conflicts';
import type { Loaded } from '../../crud/form/useConflict';
import { useFormConflict } from '../../crud/form/useFormConflict';
import { ResourceFields } from '../../crud/ResourceFields';
import { showSubmitError } from '../../crud/serverErrors';
import { useResourceText } from '../../crud/useResourceText';
import { appCustomizations } from '../../resources/apps';
import type { Field } from '../../schema/fields';
import { fieldSchema } from '../../schema/validation';
import { versionOf } from '../../schema/versions';
import { AppImage } from './AppCard';
import { useAppsChanged, type AppDialogProps } from './useHotelApps';
import { useToasts } from '../../providers/toasts';

const FIELDS: [string, Field][] = [
  ['title', appCustomizations.fields.title],
  ['image', appCustomizations.fields.image],
];
const NAMES = FIELDS.map(([name]) => name);
const schema = z.object(
  Object.fromEntries(FIELDS.map(([name, field]) => [name, fieldSchema(field)])),
);

/** How the guest app shows the app: a tile with its image and title (spec §3 customization). */
export function GuestAppTile({
  image,
  title,
  label,
}: {
  image?: string | null;
  title: string;
  label: string;
}) {
  return (
    <figure className="app-guest-preview" aria-label={label}>
      <div className="app-guest-preview-screen">
        <div className="app-guest-grid">
          <div className="app-guest-tile">
            <AppImage src={image} name={title} className="app-guest-tile-image" />
            <figcaption className="app-guest-tile-title">{title}</figcaption>
          </div>
          {/* The guest app's other tiles, as shapes only. */}
          {[1, 2, 3].map((key) => (
            <div key={key} className="app-guest-tile app-guest-tile-ghost" aria-hidden />
          ))}
        </div>
      </div>
    </figure>
  );
}

/**
 * The title and image the hotel's guest app shows for a connected app, with a preview: one
 * customization per hotel and app, created the first time and changed after.
 */
export function CustomizeDialog({ entry, scope, onClose }: AppDialogProps) {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const text = useResourceText(appCustomizations);
  const formId = useId();
  const { app, customization } = entry;
  const create = useCreate();
  const update = useUpdate();
  const changed = useAppsChanged(scope);
  const loadedFrom = useCallback(
    (stored: Values): Loaded => ({
      values: {
        title: (stored.title as string) ?? app.name,
        image: (stored.image as string) ?? '',
      },
      version: versionOf(stored),
    }),
    [app.name],
  );
  const form = useForm<FieldValues>({
    resolver: zodResolver(schema) as unknown as Resolver<FieldValues>,
    defaultValues: { title: customization?.title ?? app.name, image: customization?.image ?? '' },
  });
  const { control, handleSubmit, setError, formState } = form;
  // Versions (issue 38): a save over a customization someone changed meanwhile shows the
  // conflict panel in the dialog, with what the person typed kept.
  const { conflict, ifMatch } = useFormConflict({
    resource: appCustomizations.name,
    id: customization?.id,
    names: NAMES,
    loaded: customization as Values | undefined,
    loadedFrom,
    form,
  });
  const values = useWatch({ control }) as { title?: string; image?: string };

  const uploadFailed = useCallback(
    (reason: string) =>
      notification.error({ message: t('apps.uploadFailed'), description: reason }),
    [notification, t],
  );
  const context = useCallback(
    () => ({
      ownerId: scope.onBehalf ? scope.id : undefined,
      onUploadError: uploadFailed,
    }),
    [scope, uploadFailed],
  );
  const fields = useMemo(() => FIELDS, []);

  const save = handleSubmit(async (form) => {
    const sent = { title: form.title as string, image: (form.image as string) || '' };
    try {
      if (customization)
        await update.mutateAsync({
          resource: appCustomizations.name,
          id: customization.id,
          values: sent,
          meta: { ifMatch },
          successNotification: false,
          errorNotification: false,
        });
      else
        await create.mutateAsync({
          resource: appCustomizations.name,
          values: { ...sent, appId: app.id, ...(scope.onBehalf && { ownerId: scope.id }) },
          successNotification: false,
          errorNotification: false,
        });
      notification.success({ message: t('apps.customized', { name: app.name }) });
      void changed();
      onClose();
    } catch (failure) {
      if (customization && (failure as HttpError).statusCode === 412) {
        conflict.open(failure as HttpError, sent);
        return;
      }
      showSubmitError(
        failure,
        (name, message) => {
          if (name === 'title' || name === 'image') setError(name, { type: 'server', message });
        },
        notification,
        t('apps.customizeFailed'),
      );
    }
  });

  const title = (values.title ?? '').trim() || app.name;
  return (
    <Modal
      open
      title={t('apps.customizeApp', { name: app.name })}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      width={760}
    >
      <Typography.Paragraph type="secondary">
        {t('apps.customizeIntro', { name: app.name })}
      </Typography.Paragraph>
      <Row gutter={24}>
        <Col xs={24} md={14}>
          <form
            id={formId}
            noValidate
            onSubmit={save}
            aria-label={t('apps.customizeApp', { name: app.name })}
          >
            <Form layout="vertical" component={false}>
              <Conflicts
                state={conflict}
                text={text}
                fields={fields}
                resubmit={() => void save()}
              />
              <div className="app-customize-fields">
                <ResourceFields fields={fields} control={control} text={text} context={context} />
              </div>
            </Form>
          </form>
        </Col>
        <Col xs={24} md={10}>
          <Typography.Title level={3} style={{ fontSize: 14, marginTop: 0 }}>
            {t('apps.preview')}
          </Typography.Title>
          <GuestAppTile
            image={values.image || app.image}
            title={title}
            label={t('apps.previewOf', { name: app.name })}
          />
        </Col>
      </Row>
      <div className="app-dialog-footer">
        <Button onClick={onClose}>{t('crud.cancel')}</Button>
        <Button type="primary" htmlType="submit" form={formId} loading={formState.isSubmitting}>
          {t('crud.save')}
        </Button>
      </div>
    </Modal>
  );
}
