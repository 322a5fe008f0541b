import { useGetIdentity } from '@refinedev/core';
import { Button, Col, Row, Space } from 'antd';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { resourceByName } from '../resources';
import { can, isAdministrator, isLocked, type Resource } from '../schema/resource';
import type { User } from '../schema/user';
import type { ResourceExtension } from './extension';
import { useAction } from './useAction';
import { placeFields } from './form/sections';
import { FormValues } from './form/FormValues';
import { useResourceForm, useSectionWithError } from './form/useResourceForm';
import { keepEnterInPickers } from './formKeys';
import { LazyAlert } from './LazyAlert';
import { LiveChangeBar } from './form/LiveChangeBar';
import { LazyPart } from './LazyPart';
import { PageHeader } from './PageHeader';
import { Panel } from './Panel';
import { useDeferredReady } from '../shell/useDeferredReady';
import { QueryState } from './QueryState';
import { ResourceFields } from './ResourceFields';
import { TAB_PARAM } from '../providers/routerProvider';
import { useToasts } from '../providers/toasts';
import { UnsavedMark } from './UnsavedMark';
import { Conflicts } from './form/Conflicts';

// Steps, their Result and summary (~15 kB gzip) load with the forms declared in steps only.
// Asked only before a change of consequence (a ban): loaded then.
const Modal = lazy(() => import('antd/es/modal'));
const StepsForm = lazy(() =>
  import('./form/StepsForm').then((module) => ({ default: module.StepsForm })),
);
// Tabs (antd's Tabs, ~11 kB gzip) load with the forms declared in tabs only.
const FormTabs = lazy(() =>
  import('./form/FormSections').then((module) => ({ default: module.FormTabs })),
);
// An edit page's Activity tab: the grid of fields goes in tabs beside it (antd's Tabs).
const Tabs = lazy(() => import('antd/es/tabs'));
const RecordActivity = lazy(() =>
  import('./activity/RecordActivity').then((module) => ({ default: module.RecordActivity })),
);
// An item's languages tab (antd's List) loads when the tab is first opened.
const TranslationsPanel = lazy(() =>
  import('./TranslationsPanel').then((module) => ({ default: module.TranslationsPanel })),
);

type Created = Record<string, unknown> & { id: number };

/**
 * The generated create and edit page: react-hook-form with the declaration's zod rules, laid out
 * as the declaration says — one grid, tabs (edit and show), or steps (create).
 */
export default function ResourceForm({
  resource,
  action,
  variant,
  extension = {},
}: {
  resource: Resource;
  action: 'create' | 'edit';
  /** The variant this create route makes (schema: Variants). */
  variant?: string;
  /**
   * What features add: a panel above the fields (place search), one beside them (a preview),
   * the edit page's tab contents, option pictures, actions after a create flow.
   */
  extension?: ResourceExtension;
}) {
  const Addon = extension.formAddon;
  const Aside = (action === 'create' && extension.createAside) || extension.formAside;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const base = `/dashboard/${resource.route}`;
  const steps = action === 'create' ? resource.layout?.steps : undefined;
  const [created, setCreated] = useState<Created | null>(null);
  const { notification } = useToasts();
  const { data: user } = useGetIdentity<User>();
  const sync = useAction(resource, 'sync');
  const [translating, setTranslating] = useState(false);
  /**
   * The end of a create flow: a localized item chosen in more languages gets its copies there
   * through Sync (translated, or marked "Needs translation" without a translation service).
   */
  const finish = (record: Created, sent: Record<string, unknown>) => {
    const choice = Object.entries(resource.fields).find(
      ([, field]) => field.kind === 'locales' && field.transient,
    )?.[0];
    const to = choice ? ((sent[choice] as string[] | undefined) ?? []) : [];
    const others = to.filter((lng) => lng !== record.locale);
    if (!resource.localized || others.length === 0) return setCreated(record);
    setTranslating(true);
    sync.run(
      {
        locale: record.locale,
        groupId: record.groupId,
        to: others,
        ...(isAdministrator(user ?? null) ? { ownerId: record.ownerId } : {}),
      },
      {
        onSuccess: () => {
          setTranslating(false);
          setCreated(record);
        },
        onError: (error) => {
          setTranslating(false);
          setCreated(record);
          notification.error({
            message: t(`resources.${resource.name}.syncErrorOne`, {
              defaultValue: t('localized.translateFailed'),
            }),
            description: error.message,
          });
        },
      },
    );
  };
  const form = useResourceForm({
    resource,
    action,
    variant,
    // A localized list's "New" button says which language the new item is in.
    locale: params.get('locale'),
    prefill: params,
    optionPictures: extension.optionPictures,
    onSaved: (record, sent) => {
      if (steps) finish(record, sent);
      // An edit page in tabs stays open: each tab is saved on its own, one after the other.
      else if (!(action === 'edit' && resource.layout?.tabs)) navigate(`${base}/${record.id}/show`);
    },
  });
  const { text, record, fields, control, context, handleSubmit, setValue, title, lock } = form;
  // A record the actor may not change at all: its fields read-only, no Save the API refuses.
  const readOnly = isLocked(lock);
  const { t } = text;
  const { onFinish, query } = form.refineCore;
  const placedSteps = useMemo(
    () => steps && placeFields(steps, fields, { onlyNeeded: true }),
    [steps, fields],
  );
  const tabs = useMemo(
    () => (!steps && resource.layout?.tabs ? placeFields(resource.layout.tabs, fields) : undefined),
    [steps, resource.layout, fields],
  );
  // `?tab=<key>` opens a tab (a link to a hotel's available apps), also when it changes later.
  const linked = params.get(TAB_PARAM) ?? undefined;
  const linkedTab =
    tabs?.some((section) => section.key === linked) ||
    (linked === 'languages' && tabs && resource.localized)
      ? linked
      : undefined;
  const [tab, setTab] = useState<string | undefined>(linkedTab);
  const [seenLink, setSeenLink] = useState(linkedTab);
  if (linkedTab !== seenLink) {
    setSeenLink(linkedTab);
    if (linkedTab) setTab(linkedTab);
  }
  // After a refused save (the server's field errors too), the first tab with an error shows.
  useSectionWithError(form.subscribe, tabs, setTab);
  // Every edit page has the record's history (the audit log) in an Activity tab, for whoever may
  // read it; decided before the record loads, so the fields are not drawn twice.
  const auditLog = resourceByName('audit');
  const activity =
    action === 'edit' && auditLog && auditLog !== resource && user && can(auditLog, 'list', user)
      ? {
          key: 'activity',
          label: t('audit.activity'),
          children: record ? (
            <LazyPart>
              <RecordActivity resource={resource.name} id={record.id as number} />
            </LazyPart>
          ) : null,
        }
      : undefined;
  // The fields are drawn in a deferred render, in short slices, the skeleton staying until then.
  const drawn = useDeferredReady(!(action === 'edit' && query?.isLoading));

  const asForm = (children: ReactNode) => (
    <form
      noValidate
      // A refused save is shown by its toast and the fields' errors; the rejection is handled.
      onSubmit={handleSubmit(submit)}
      onKeyDown={keepEnterInPickers}
      aria-label={title}
    >
      {children}
    </form>
  );

  // A change the declaration asks about (a ban, a role change) waits here for the answer.
  const [asking, setAsking] = useState<{ sent: FieldValues; question: string } | null>(null);
  const save = (sent: FieldValues) => onFinish(sent).catch(() => undefined);
  const submit = (sent: FieldValues) => {
    const question = action === 'edit' && record && resource.confirmChange?.(record, sent);
    if (question) setAsking({ sent, question });
    else void save(sent);
  };
  const saveButton = (
    <Button type="primary" htmlType="submit" loading={form.refineCore.formLoading}>
      {t('crud.save')}
    </Button>
  );

  const buttons = (
    <Space wrap>
      {!readOnly && saveButton}
      <Button onClick={() => navigate(`${base}/list`)}>
        {readOnly ? t('crud.back') : t('crud.cancel')}
      </Button>
      <UnsavedMark shown={form.unsaved} />
    </Space>
  );

  const body = placedSteps ? (
    <LazyPart>
      <StepsForm
        resource={resource}
        busy={translating}
        steps={placedSteps}
        form={form}
        created={created}
        createdActions={extension.createdActions}
        restart={() => {
          form.reset();
          setCreated(null);
        }}
      />
    </LazyPart>
  ) : tabs ? (
    <LazyPart>
      <FormTabs
        tabs={tabs}
        control={control}
        text={text}
        context={context}
        active={tab}
        onChange={(key) => {
          setTab(key);
          // The open tab is part of the address: a reload or a shared link shows it again.
          setParams(
            (now) => {
              const next = new URLSearchParams(now);
              next.set(TAB_PARAM, key);
              return next;
            },
            { replace: true },
          );
        }}
        content={record ? extension.tabs?.(record as Created) : undefined}
        footer={buttons}
        asForm={asForm}
        extra={
          // A localized item's languages: their states, links, and "create missing".
          (resource.localized && record
            ? ([
                {
                  key: 'languages',
                  label: text.sectionLabel('tabs', 'languages'),
                  children: (
                    <LazyPart>
                      <TranslationsPanel resource={resource} record={record as Created} />
                    </LazyPart>
                  ),
                },
              ] as { key: string; label: string; children: ReactNode }[])
            : []
          ).concat(activity ? [activity] : [])
        }
      />
    </LazyPart>
  ) : activity ? (
    <LazyPart>
      <Tabs
        items={[
          {
            key: 'fields',
            label: text.sectionLabel('tabs', 'details'),
            children: (
              <>
                <ResourceFields
                  fields={fields}
                  control={control}
                  text={text}
                  live
                  context={context}
                />
                {buttons}
              </>
            ),
          },
          activity,
        ]}
      />
    </LazyPart>
  ) : (
    <>
      <ResourceFields fields={fields} control={control} text={text} live context={context} />
      {buttons}
    </>
  );

  const card = (
    <Panel style={{ minWidth: 0 }}>
      <PageHeader title={title} />
      <LiveChangeBar
        resource={resource.name}
        id={action === 'edit' ? (record?.id as number | undefined) : undefined}
        reload={async () => form.reset((await query?.refetch())?.data?.data)}
        compare={form.conflict.review}
      />
      {readOnly && (
        <LazyAlert
          type="info"
          showIcon
          message={t(lock!.key)}
          description={t('crud.readOnlyRecord')}
          style={{ marginBottom: 24 }}
        />
      )}
      {record?.needsTranslation === true && (
        <LazyAlert
          type="warning"
          showIcon
          message={t('localized.needsTranslation')}
          description={t('localized.needsTranslationHelp')}
          style={{ marginBottom: 24 }}
        />
      )}
      <Conflicts
        state={form.conflict}
        text={text}
        fields={fields}
        resubmit={() => void handleSubmit(submit)()}
      />
      {Addon && !created && (
        // An add-on may be lazy: the fields show while it loads.
        <Suspense fallback={null}>
          <FormValues control={control}>
            {(values) => (
              <Addon
                id={record?.id as number | undefined}
                values={values}
                setValue={(name, value) =>
                  setValue(name, value, { shouldDirty: true, shouldValidate: true })
                }
              />
            )}
          </FormValues>
        </Suspense>
      )}
      {asking && (
        <Suspense fallback={null}>
          <Modal
            open
            closable={false}
            title={t(asking.question, { name: String(record?.[resource.labelField] ?? '') })}
            okText={t('crud.save')}
            cancelText={t('crud.cancel')}
            onOk={() => {
              setAsking(null);
              void save(asking.sent);
            }}
            onCancel={() => setAsking(null)}
          />
        </Suspense>
      )}
      {/* In tabs, each tab of the record's fields is a form of its own (a feature's tab may hold
          another form, and forms do not nest). */}
      {tabs && !placedSteps ? body : asForm(body)}
    </Panel>
  );

  return (
    <QueryState
      isLoading={!drawn}
      isError={action === 'edit' && Boolean(query?.isError)}
      error={query?.error}
      failed={t('crud.loadRecordFailed', { resource: text.singular })}
      retry={() => void query?.refetch()}
    >
      {Aside ? (
        // A feature's panel (a preview) beside the form on wide screens, below it on narrow ones.
        <Row gutter={[24, 24]} align="top">
          <Col xs={24} lg={14}>
            {card}
          </Col>
          <Col xs={24} lg={10} style={{ position: 'sticky', top: 88 }}>
            <Suspense fallback={null}>
              <FormValues control={control}>
                {(values) => (
                  <Aside
                    id={record?.id as number | undefined}
                    values={values}
                    setValue={(name, value) => setValue(name, value, { shouldDirty: true })}
                  />
                )}
              </FormValues>
            </Suspense>
          </Col>
        </Row>
      ) : (
        card
      )}
    </QueryState>
  );
}
