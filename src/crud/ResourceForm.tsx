import { zodResolver } from '@hookform/resolvers/zod';
import { useGetIdentity, type HttpError } from '@refinedev/core';
import { useForm } from '@refinedev/react-hook-form';
import { Alert, Button, Card, Col, Form, Row, Skeleton, Space, Typography } from 'antd';
import { useMemo } from 'react';
import { Controller, type FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import type { Field } from '../schema/fields';
import { defaultValues, mayWriteField } from '../schema/forms';
import { isAdministrator, type Actor, type ResourceDeclaration } from '../schema/resource';
import type { User } from '../schema/user';
import { fieldSchema, writableFields } from '../schema/validation';
import { ownerField } from './resourceColumns';
import { OWNER_FIELD, useResourceText } from './useResourceText';
import { FieldInput } from './widgets';

const WIDE: Field['kind'][] = ['textarea', 'richText', 'json'];

/** The fields an actor edits, with the owner picker for administrators creating tenant content. */
function formFields(
  resource: ResourceDeclaration,
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
}: {
  resource: ResourceDeclaration;
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
      z.object(
        Object.fromEntries(
          fields
            .filter(([, field]) => mayWriteField(field, actor))
            .map(([name, field]) => [name, fieldSchema(field)]),
        ),
      ),
    [fields, actor],
  );
  const sourceLocale = user?.sourceLocale;
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
      {action === 'edit' && query?.isLoading ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <form noValidate onSubmit={handleSubmit((values) => onFinish(values))} aria-label={title}>
          <Form layout="vertical" component={false}>
            <Row gutter={24}>
              {fields.map(([name, field]) => {
                const id = `field-${name}`;
                const disabled = !mayWriteField(field, actor);
                return (
                  <Col key={name} xs={24} md={WIDE.includes(field.kind) ? 24 : 12}>
                    <Controller
                      control={control}
                      name={name}
                      render={({ field: input, fieldState }) => {
                        const error = fieldState.error?.message;
                        return (
                          <Form.Item
                            label={text.fieldLabel(name)}
                            htmlFor={id}
                            required={field.required}
                            validateStatus={error ? 'error' : undefined}
                            help={
                              error ? (
                                <span id={`${id}-error`}>{text.errorText(name, error)}</span>
                              ) : undefined
                            }
                          >
                            <FieldInput
                              field={field}
                              props={{
                                id,
                                value: input.value,
                                onChange: input.onChange,
                                onBlur: input.onBlur,
                                'aria-invalid': Boolean(error),
                                'aria-describedby': error ? `${id}-error` : undefined,
                                optionLabel: (option) => text.optionLabel(name, option),
                                ownerId: name === OWNER_FIELD ? undefined : ownerId,
                                disabled,
                                values,
                              }}
                            />
                          </Form.Item>
                        );
                      }}
                    />
                  </Col>
                );
              })}
            </Row>
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
