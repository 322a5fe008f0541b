import { useUpdate } from '@refinedev/core';
import { Alert, Button, Card, Col, Form, Row, Space, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { FieldErrors } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { FIELD_COUNT_WARNING, forms, type FormField } from '../../resources/forms';
import { FormValues } from '../../crud/form/FormValues';
import { useResourceForm } from '../../crud/form/useResourceForm';
import { Conflicts } from '../../crud/form/Conflicts';
import { keepEnterInPickers } from '../../crud/formKeys';
import { PageHeader } from '../../crud/PageHeader';
import { QueryState } from '../../crud/QueryState';
import { UnsavedMark } from '../../crud/UnsavedMark';
import { ResourceFields } from '../../crud/ResourceFields';
import { useDebounced } from '../../crud/useDebounced';
import { isReorder, sameFields } from '../../resources/formio';
import { useToasts } from '../../providers/toasts';

const FormioBuilder = lazy(() => import('./FormioBuilder'));
const FormioView = lazy(() => import('./FormioView'));

const LIST = `/dashboard/${forms.route}/list`;

interface RuleError {
  key: string;
  text: string;
}

/**
 * The builder's rule errors (the declaration's rules, on the client and from the server alike)
 * as sentences that name the field: "Field 2 (Email): Duplicate name".
 */
function ruleErrors(
  errors: FieldErrors,
  fields: readonly FormField[],
  errorText: (field: string, message: string) => string,
  t: (key: string, options?: Record<string, unknown>) => string,
): RuleError[] {
  const out: RuleError[] = [];
  const root = errors.fields as
    (FieldErrors & { message?: string; root?: { message?: string } }) | undefined;
  if (!root) return out;
  const own = root.message ?? root.root?.message;
  if (typeof own === 'string') out.push({ key: 'fields', text: errorText('fields', own) });
  const walk = (node: unknown, path: (string | number)[]) => {
    if (!node || typeof node !== 'object') return;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && path.length > 1) {
      const index = Number(path[0]);
      const field = fields[index];
      const part = String(path.at(-1));
      const where = t('forms.fieldAt', {
        position: index + 1,
        label: field?.label || field?.name || '?',
      });
      const option =
        path[1] === 'options' && typeof path[2] === 'number'
          ? ` ${t('forms.optionAt', { position: path[2] + 1 })}`
          : '';
      out.push({ key: path.join('.'), text: `${where}${option}: ${errorText(part, message)}` });
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'type' || key === 'message' || key === 'types') continue;
      walk(child, [...path, /^\d+$/.test(key) ? Number(key) : key]);
    }
  };
  for (const [key, child] of Object.entries(root)) {
    if (/^\d+$/.test(key)) walk(child, [Number(key)]);
  }
  return out;
}

/**
 * Creating and editing a form (spec §2): its label and language, the Form.io builder limited to
 * the seven types, the builder's rule errors and the performance warning, and a live preview of
 * the form as a guest sees it. On the edit page a drag that only reorders the fields is saved at
 * once and reports success or 'Reorder failed' (spec §4, §8).
 */
export default function FormEditorPage({ action }: { action: 'create' | 'edit' }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { notification } = useToasts();
  const form = useResourceForm({
    resource: forms,
    action,
    locale: params.get('locale'),
    onSaved: () => navigate(LIST),
  });
  const { text, record, fields, control, context, handleSubmit, setValue, title } = form;
  const { t } = text;
  const { onFinish, query, formLoading } = form.refineCore;
  const loaded = action === 'create' || Boolean(record);
  const [initial, setInitial] = useState<FormField[] | null>(null);
  const [resetKey, setResetKey] = useState(0);
  if (loaded && initial === null) {
    setInitial(((record?.fields as FormField[] | undefined) ?? []).map((f) => ({ ...f })));
  }
  const watched = form.watch('fields') as FormField[] | undefined;
  const current = useMemo(() => watched ?? [], [watched]);
  const previous = useRef<FormField[]>([]);
  /** The fields as the server has them (a reorder is saved only from there). */
  const saved = useRef<FormField[] | null>(null);
  useEffect(() => {
    if (record && saved.current === null) saved.current = record.fields as FormField[];
  }, [record]);
  useEffect(() => {
    previous.current = current;
  }, [current]);

  const { mutate: update } = useUpdate();
  const onBuilderChange = useCallback(
    (next: FormField[]) => {
      const before = previous.current;
      setValue('fields', next, { shouldDirty: true, shouldValidate: true });
      previous.current = next;
      // A drag that only reorders the saved fields is saved at once (spec §4).
      const stored = saved.current;
      const id = record?.id as number | undefined;
      if (action !== 'edit' || id === undefined || !stored || !isReorder(before, next)) return;
      if (!sameFields(before, stored)) return;
      update(
        {
          resource: forms.name,
          id,
          values: { fields: next },
          // Only over the version the form holds: another person's change is not undone.
          meta: { ifMatch: form.version },
          successNotification: false,
          errorNotification: false,
        },
        {
          onSuccess: () => {
            saved.current = next;
            form.resetField('fields', { defaultValue: next });
            // Nothing else changed: nothing is left unsaved.
            if (fields.every(([name]) => !form.getFieldState(name).isDirty)) form.markSaved();
            notification.success({ message: t('reorder.saved') });
          },
          onError: (error) => {
            notification.error({ message: t('reorder.failed'), description: error.message });
            // The builder goes back to the order that is saved.
            setValue('fields', before, { shouldValidate: true });
            previous.current = before;
            setInitial(before);
            setResetKey((key) => key + 1);
          },
        },
      );
    },
    [action, fields, form, notification, record?.id, setValue, t, update],
  );

  const errors = ruleErrors(form.formState.errors, current, text.errorText, t);
  // The preview follows the builder once it settles.
  const preview = useDebounced(current, 300);
  const previewFields = useMemo(
    () => preview.filter((field) => /^[A-Za-z0-9-]+$/.test(field.name)),
    [preview],
  );
  const shownFields = fields.filter(([name]) => name !== 'fields');
  const submit = handleSubmit((sent) => onFinish(sent));

  const editor = (
    <Card style={{ minWidth: 0 }}>
      <PageHeader title={title} />
      <Conflicts
        state={form.conflict}
        text={text}
        fields={fields}
        resubmit={() => void submit()}
        onApplied={() => {
          // The builder keeps its own copy of the fields: it starts again from the form's.
          const now = (form.getValues('fields') as FormField[] | undefined) ?? [];
          previous.current = now;
          setInitial(now.map((field) => ({ ...field })));
          setResetKey((key) => key + 1);
        }}
      />
      <form noValidate onSubmit={submit} onKeyDown={keepEnterInPickers} aria-label={title}>
        <Form layout="vertical" component={false}>
          <ResourceFields
            fields={shownFields}
            control={control}
            text={text}
            live
            context={context}
          />
        </Form>
        <Typography.Title level={2} style={{ fontSize: 16 }} id="form-builder-title">
          {text.fieldLabel('fields')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('forms.builderHelp')}</Typography.Paragraph>
        {current.length > FIELD_COUNT_WARNING && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('forms.tooManyTitle', { count: current.length })}
            description={t('forms.tooManyText', {
              count: current.length,
              max: FIELD_COUNT_WARNING,
            })}
          />
        )}
        <section aria-labelledby="form-builder-title" style={{ marginBottom: 16 }}>
          {initial && (
            <Suspense fallback={<Card loading />}>
              <FormioBuilder initial={initial} onChange={onBuilderChange} resetKey={resetKey} />
            </Suspense>
          )}
        </section>
        {errors.length > 0 && (
          <Alert
            type="error"
            showIcon
            style={{ marginBottom: 16 }}
            message={t('forms.rulesBroken')}
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {errors.map((error) => (
                  <li key={error.key}>{error.text}</li>
                ))}
              </ul>
            }
          />
        )}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={formLoading}>
            {t('crud.save')}
          </Button>
          <Button onClick={() => navigate(LIST)}>{t('crud.cancel')}</Button>
          <UnsavedMark shown={form.unsaved} />
        </Space>
      </form>
    </Card>
  );

  return (
    <QueryState
      isLoading={action === 'edit' && Boolean(query?.isLoading)}
      isError={action === 'edit' && Boolean(query?.isError)}
      error={query?.error}
      failed={t('crud.loadRecordFailed', { resource: text.singular })}
      retry={() => void query?.refetch()}
    >
      <Row gutter={[24, 24]} align="top">
        <Col xs={24} xxl={16}>
          {editor}
        </Col>
        <Col xs={24} xxl={8}>
          <Card title={<span id="form-preview-title">{t('forms.preview')}</span>}>
            {previewFields.length === 0 ? (
              <Typography.Text type="secondary">{t('forms.previewEmpty')}</Typography.Text>
            ) : (
              <Suspense fallback={<Card loading />}>
                {/* Only the preview follows the label as it is typed, not the editor. */}
                <FormValues control={control}>
                  {(values) => (
                    <FormioView
                      fields={previewFields}
                      label={t('forms.previewOf', {
                        label: String(values.label || text.singular),
                      })}
                    />
                  )}
                </FormValues>
              </Suspense>
            )}
          </Card>
        </Col>
      </Row>
    </QueryState>
  );
}
