import { useCustom } from '@refinedev/core';
import { Button, Col, Form, Row, Space } from 'antd';
import { lazy, Suspense, useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FormValues } from '../../crud/form/FormValues';
import { useResourceForm } from '../../crud/form/useResourceForm';
import { keepEnterInPickers } from '../../crud/formKeys';
import { QueryState } from '../../crud/QueryState';
import { UnsavedMark } from '../../crud/UnsavedMark';
import { Conflicts } from '../../crud/form/Conflicts';
import { ResourceFields } from '../../crud/ResourceFields';
import { apiUrl } from '../../providers/http';
import { branding } from '../../resources/branding';
import { defaultValues } from '../../schema/forms';
import type { RecordOf } from '../../schema/records';
import { versionOf } from '../../schema/versions';
import { templatePictures } from '../pages/templatePictures';
import { BRANDING_SECTIONS, type BrandingSection, type PreviewHotel } from './sections';

// The phone preview (its stylesheet, the pages it fetches) loads only with the form.
const BrandingPreview = lazy(() => import('./BrandingPreview'));

export type BrandingRecord = RecordOf<typeof branding> & { id: number; ownerId: number };

/** The declaration's fields of a stored record, the declared defaults filling what it lacks. */
function formValues(record: Record<string, unknown>): Record<string, unknown> {
  const defaults = defaultValues(branding);
  const values = Object.fromEntries(
    Object.keys(defaults).map((name) => [name, record[name] ?? defaults[name]]),
  );
  values.social = {
    ...(defaults.social as Record<string, unknown>),
    ...(record.social as Record<string, unknown> | undefined),
  };
  return values;
}

interface EditorProps {
  record: BrandingRecord;
  sections: readonly BrandingSection[];
  /** Section titles over each part (the full page) or none (a single tab). */
  titled: boolean;
  hotel?: PreviewHotel;
}

/** The form over a loaded record: the chosen sections, Save, and the live preview beside them. */
function BrandingEditor({ record, sections, titled, hotel }: EditorProps) {
  const { t } = useTranslation();
  const loaded = useMemo(
    () => ({ id: record.id, values: formValues(record), version: versionOf(record) }),
    [record],
  );
  const form = useResourceForm({
    resource: branding,
    action: 'edit',
    // The record came with GET /branding; saving PATCHes /branding/<its id>.
    loaded,
    valuesOf: formValues,
    optionPictures: templatePictures,
    refineCoreProps: {
      successNotification: () => ({ type: 'success', message: t('branding.saved') }),
      errorNotification: (error) => ({
        type: 'error',
        message: t('branding.saveFailed'),
        description: `${t('errors.prefix')} ${error?.message ?? t('errors.generic')}`,
      }),
    },
  });
  const shown = new Set<string>(sections.flatMap((section) => BRANDING_SECTIONS[section]));
  // Only the shown sections are sent: two tabs saved one after the other never undo each other.
  const submit = form.handleSubmit(async (values) => {
    try {
      await form.refineCore.onFinish(
        Object.fromEntries(Object.entries(values).filter(([name]) => shown.has(name))),
      );
      // What was saved is the form's new starting point: no unsaved changes left.
      form.reset(values);
    } catch {
      // The toast and the fields' own errors say what went wrong; the typing stays.
    }
  });
  // Uploads made here belong to the hotel, also when an administrator makes them.
  const formContext = form.context;
  const context: typeof form.context = useCallback(
    (name, field) => ({ ...formContext(name, field), ownerId: record.ownerId }),
    [formContext, record.ownerId],
  );
  const fieldsOf = (section: BrandingSection) => {
    const names: readonly string[] = BRANDING_SECTIONS[section];
    return form.fields.filter(([name]) => names.includes(name));
  };

  const fields = (
    <form
      noValidate
      onSubmit={submit}
      onKeyDown={keepEnterInPickers}
      aria-label={t('branding.title')}
    >
      <Form layout="vertical" component={false}>
        <Conflicts
          state={form.conflict}
          text={form.text}
          fields={form.fields}
          resubmit={() => void submit()}
        />
        {sections.map((section) => {
          // The social links are one group, which titles itself.
          const heading = titled && section !== 'social';
          return (
            <section key={section} aria-labelledby={heading ? `branding-${section}` : undefined}>
              {heading && (
                <h2 id={`branding-${section}`} className="branding-section-title">
                  {t(`branding.sections.${section}`)}
                </h2>
              )}
              <ResourceFields
                fields={fieldsOf(section)}
                control={form.control}
                text={form.text}
                live
                context={context}
              />
            </section>
          );
        })}
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={form.refineCore.formLoading}>
            {t('crud.save')}
          </Button>
          <UnsavedMark shown={form.unsaved} />
        </Space>
      </Form>
    </form>
  );
  if (!hotel) return fields;
  return (
    <Row gutter={[32, 24]}>
      <Col xs={24} lg={14} xxl={15}>
        {fields}
      </Col>
      <Col xs={24} lg={10} xxl={9}>
        <div className="branding-preview-column">
          <Suspense fallback={null}>
            <FormValues control={form.control}>
              {(values) => <BrandingPreview values={values} hotel={hotel} />}
            </FormValues>
          </Suspense>
        </div>
      </Col>
    </Row>
  );
}

export interface BrandingFormProps {
  /** The hotel (administrators); an operator's own when unset. */
  ownerId?: number;
  sections: readonly BrandingSection[];
  titled?: boolean;
  /** Shows the live guest-app preview of this hotel beside the form. */
  hotel?: PreviewHotel;
}

/**
 * A hotel's branding as a form: loads `GET /branding` (an operator's own; `?ownerId=` for an
 * administrator), shows the chosen sections of the declaration's fields with their rules, and
 * saves them with the product's toasts. The Customization page and the user edit page's
 * branding tabs are this form.
 */
export function BrandingForm({ ownerId, sections, titled = true, hotel }: BrandingFormProps) {
  const { t } = useTranslation();
  const { query } = useCustom<BrandingRecord>({
    url: apiUrl(`/${branding.name}`),
    method: 'get',
    config: { query: ownerId === undefined ? undefined : { ownerId } },
    errorNotification: false,
    // Fetched afresh each time the form opens; never refetched under the operator's typing.
    queryOptions: { gcTime: 0, refetchOnWindowFocus: false },
  });
  const record = query.data?.data;
  return (
    <QueryState
      isLoading={query.isLoading}
      isError={query.isError}
      error={query.error}
      failed={t('branding.loadError')}
      retry={() => void query.refetch()}
      framed={false}
    >
      {record && (
        <BrandingEditor
          key={record.id}
          record={record}
          sections={sections}
          titled={titled}
          hotel={hotel}
        />
      )}
    </QueryState>
  );
}
