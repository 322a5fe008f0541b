import { zodResolver } from '@hookform/resolvers/zod';
import { useGetIdentity, type HttpError } from '@refinedev/core';
import { useForm } from '@refinedev/react-hook-form';
import { Alert, Button, Card, Form, Skeleton, Space, Typography } from 'antd';
import { Suspense, useMemo, type ComponentType } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { Field } from '../schema/fields';
import { defaultValues, mayWriteField } from '../schema/forms';
import { isLocale } from '../schema/locales';
import { isAdministrator, type Actor, type Resource } from '../schema/resource';
import type { User } from '../schema/user';
import { fieldSchema, withRecordRules, writableFields } from '../schema/validation';
import { keepEnterInPickers } from './formKeys';
import { ResourceFields } from './ResourceFields';
import { ownerField } from './resourceColumns';
import { OWNER_FIELD, useResourceText } from './useResourceText';

/** What a form add-on gets: the values as they stand, and a way to set some. */
export interface FormAddonProps {
  values: Record<string, unknown>;
  setValue: (name: string, value: unknown) => void;
}

/** The fields an actor edits, with the owner picker for administrators creating tenant content. */
function formFields(
  resource: Resource,
  actor: Actor,
  action: 'create' | 'edit',
): [string, Field][] {
  const fields = writableFields(resource).filter(([, field]) => !field.hideInForm);
  return resource.owned && isAdministrator(actor) && action === 'create'
    ? [[OWNER_FIELD, ownerField], ...fields]
    : fields;
}

/** The generated create and edit page: react-hook-form with the declaration's zod rules. */
export default function ResourceForm({
  resource,
  action,
  Addon,
}: {
  /** A feature's extra panel above the fields (e.g. place search filling an amenity's address). */
  Addon?: ComponentType<FormAddonProps>;
  resource: Resource;
  action: 'create' | 'edit';
}) {
  const text = useResourceText(resource);
  const { t } = text;
  const navigate = useNavigate();
  const { data: user } = useGetIdentity<User>();
  const actor = user ?? null;
  const fields = useMemo(() => formFields(resource, actor, action), [resource, actor, action]);
  const schema = useMemo(
    () =>
      withRecordRules(
        z.object(
          Object.fromEntries(
            fields
              .filter(([, field]) => mayWriteField(field, actor))
              .map(([name, field]) => [name, fieldSchema(field)]),
          ),
        ),
        resource,
      ),
    [fields, actor, resource],
  );
  const [params] = useSearchParams();
  // A localized list's "New" button says which language the new item is in.
  const asked = params.get('locale');
  const sourceLocale = isLocale(asked) ? asked : user?.sourceLocale;
  const initial = useMemo(() => {
    const values = defaultValues(resource);
    // New content starts in the user's own source language.
    for (const [name, field] of Object.entries(resource.fields)) {
      if (field.kind === 'locale' && sourceLocale) values[name] = sourceLocale;
    }
    return values;
  }, [resource, sourceLocale]);

  const base = `/dashboard/${resource.route}`;
  const {
    control,
    handleSubmit,
    watch,
    setValue,
    refineCore: { onFinish, formLoading, query },
  } = useForm<FieldValues, HttpError, FieldValues>({
    resolver: zodResolver(schema as z.ZodType<FieldValues, FieldValues>),
    defaultValues: initial,
    refineCoreProps: {
      resource: resource.name,
      action,
      redirect: false,
      successNotification: (data) => ({
        type: 'success',
        message: t(action === 'create' ? 'crud.created' : 'crud.saved', {
          name: String(data?.data?.[resource.labelField] ?? text.singular),
        }),
      }),
      errorNotification: (error) => ({
        type: 'error',
        message: action === 'create' ? t('errors.creation') : t('errors.occurred'),
        description: `${t('errors.prefix')} ${error?.message ?? t('errors.generic')}`,
      }),
      onMutationSuccess: (data) => navigate(`${base}/${data.data.id}/show`),
    },
    warnWhenUnsavedChanges: true,
  });

  const record = query?.data?.data;
  const values = watch();
  const ownerId = (action === 'edit' ? record?.ownerId : values[OWNER_FIELD]) as number | undefined;

  if (action === 'edit' && query?.isError) {
    return (
      <Alert
        type="error"
        showIcon
        message={t('crud.loadRecordFailed', { resource: text.singular })}
        description={query.error?.message}
      />
    );
  }

  const title =
    action === 'create'
      ? t('crud.createRecord', { resource: text.singular })
      : t('crud.editRecordTitle', { name: String(record?.[resource.labelField] ?? '') });

  return (
    <Card>
      <Typography.Title level={1} style={{ fontSize: 24, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {record?.needsTranslation === true && (
        <Alert
          type="warning"
          showIcon
          message={t('localized.needsTranslation')}
          description={t('localized.needsTranslationHelp')}
          style={{ marginBottom: 24 }}
        />
      )}
      {action === 'edit' && query?.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <form
          noValidate
          onSubmit={handleSubmit((values) => onFinish(values))}
          onKeyDown={keepEnterInPickers}
          aria-label={title}
        >
          <Form layout="vertical" component={false}>
            {Addon && (
              // An add-on may be lazy: the fields show while it loads.
              <Suspense fallback={null}>
                <Addon
                  values={values}
                  setValue={(name, value) =>
                    setValue(name, value, { shouldDirty: true, shouldValidate: true })
                  }
                />
              </Suspense>
            )}
            <ResourceFields
              fields={fields}
              control={control}
              text={text}
              context={(name, field) => ({
                ownerId: name === OWNER_FIELD ? undefined : ownerId,
                disabled: !mayWriteField(field, actor),
                values,
                locales: isAdministrator(actor) ? undefined : user?.locales,
              })}
            />
            <Space>
              <Button type="primary" htmlType="submit" loading={formLoading}>
                {t('crud.save')}
              </Button>
              <Button onClick={() => navigate(`${base}/list`)}>{t('crud.cancel')}</Button>
            </Space>
          </Form>
        </form>
      )}
    </Card>
  );
}
