import { Button, Descriptions, Popconfirm, Result, Space, Steps } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import type { Field, ReferenceField } from '../../schema/fields';
import type { Resource } from '../../schema/resource';
import { useReferenceLabels } from '../referenceLabels';
import { isShown } from '../../schema/forms';
import { ResourceFields } from '../ResourceFields';
import { FieldValue } from '../widgets';
import { FormValues } from './FormValues';
import type { PlacedSection } from './sections';
import { useSectionWithError, type useResourceForm } from './useResourceForm';

type Form = ReturnType<typeof useResourceForm>;

interface Props {
  resource: Resource;
  steps: PlacedSection[];
  form: Form;
  /** Set once Create succeeded: the flow ends with links instead of the form. */
  created: (Record<string, unknown> & { id: number }) | null;
  /** Starts a new record from the first step. */
  restart: () => void;
  /** A feature's actions beside Open, Edit and Create another (a hotel's "Log in as"). */
  createdActions?: (record: Record<string, unknown> & { id: number }) => ReactNode;
  /** Still finishing after Create (making the other languages). */
  busy?: boolean;
}

const isReference = (entry: [string, Field]): entry is [string, ReferenceField] =>
  entry[1].kind === 'reference';

/**
 * A create flow in steps (Refine's steps form, with react-hook-form): Next checks only the
 * step's shown fields, Back and the step indicator go to any visited step, Start over clears
 * everything; a step without fields is the summary with the Create button. Nothing is stored
 * before Create, so a reload starts over.
 */
export function StepsForm({
  resource,
  steps,
  form,
  created,
  createdActions,
  restart,
  busy,
}: Props) {
  const { text, control, context, trigger, getValues, refineCore } = form;
  const { t } = text;
  const [current, setCurrent] = useState(0);
  const [visited, setVisited] = useState(0);
  const step = steps[current]!;
  const last = current === steps.length - 1;
  const shownNames = (section: PlacedSection) => {
    const values = getValues();
    return section.fields.filter(([, field]) => isShown(field, values)).map(([name]) => name);
  };
  const all = steps.flatMap((section) => section.fields);
  // The summary's reference labels load while the steps are filled in: only the references are
  // watched here, not every key typed.
  const references = all.filter(isReference);
  const referenceNames = useMemo(
    () => steps.flatMap((section) => section.fields.filter(isReference).map(([name]) => name)),
    [steps],
  );
  const chosen = useWatch({ control, name: referenceNames }) as unknown[];
  const labels = useReferenceLabels(references, [
    Object.fromEntries(references.map(([name], index) => [name, chosen[index]])),
  ]);

  // After a refused Create (the server's field errors too), show the first step with an error.
  useSectionWithError(form.subscribe, steps, (key) => {
    const withError = steps.findIndex((section) => section.key === key);
    if (withError < current) setCurrent(withError);
  });

  // A step's Next checks its fields, but the form is not submitted yet, so a field would keep its
  // message after it was put right ("Logo is required" after an upload): check it again on change.
  const { watch, getFieldState } = form;
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name && getFieldState(name).error) void trigger(name);
    });
    return () => subscription.unsubscribe();
  }, [watch, getFieldState, trigger]);

  const goTo = (index: number) => {
    setCurrent(index);
    setVisited((furthest) => Math.max(furthest, index));
  };
  const next = async () => {
    if (await trigger(shownNames(step), { shouldFocus: true })) goTo(current + 1);
  };
  const startOver = () => {
    restart();
    setCurrent(0);
    setVisited(0);
  };

  if (created) {
    const name = String(created[resource.labelField] ?? text.singular);
    const base = `/dashboard/${resource.route}`;
    return (
      <Result
        status="success"
        title={t('crud.created', { name })}
        extra={[
          <Link key="open" to={`${base}/${created.id}/show`}>
            <Button type="primary" tabIndex={-1}>
              {t('crud.openRecord', { name })}
            </Button>
          </Link>,
          <Link key="edit" to={`${base}/${created.id}/edit`}>
            <Button tabIndex={-1}>{t('crud.edit')}</Button>
          </Link>,
          <span key="feature">{createdActions?.(created)}</span>,
          <Button key="again" onClick={startOver}>
            {t('crud.createAnother')}
          </Button>,
        ]}
      />
    );
  }

  return (
    <>
      <Steps
        current={current}
        size="small"
        style={{ marginBottom: 24 }}
        onChange={(index) => index <= visited && setCurrent(index)}
        items={steps.map((section, index) => ({
          title: text.sectionLabel('steps', section.key),
          disabled: index > visited,
        }))}
      />
      {step.fields.length > 0 ? (
        <ResourceFields fields={step.fields} control={control} text={text} live context={context} />
      ) : (
        <FormValues control={control}>
          {(values) => (
            <Descriptions bordered column={1} size="small" style={{ marginBottom: 24 }}>
              {all
                .filter(([, field]) => isShown(field, values))
                .map(([name, field]) => (
                  <Descriptions.Item key={name} label={text.fieldLabel(name)}>
                    <FieldValue
                      field={field}
                      value={values[name]}
                      label={labels[name]?.[String(values[name])]}
                      optionLabel={(option) => text.optionLabel(name, option)}
                      currency={context(name, field).currency}
                      mode="show"
                      parts={text.parts}
                    />
                  </Descriptions.Item>
                ))}
            </Descriptions>
          )}
        </FormValues>
      )}
      <Space wrap>
        {current > 0 && <Button onClick={() => setCurrent(current - 1)}>{t('crud.back')}</Button>}
        {last ? (
          // Its own key: React must not turn the clicked Next into a submit button mid-click.
          <Button
            key="create"
            type="primary"
            htmlType="submit"
            loading={refineCore.formLoading || busy}
          >
            {t('crud.create')}
          </Button>
        ) : (
          <Button key="next" type="primary" onClick={() => void next()}>
            {t('crud.next')}
          </Button>
        )}
        {/* What was typed and uploaded goes: asked first. */}
        <Popconfirm
          title={t('crud.startOverConfirm')}
          okText={t('crud.startOver')}
          cancelText={t('crud.cancel')}
          onConfirm={startOver}
        >
          <Button>{t('crud.startOver')}</Button>
        </Popconfirm>
      </Space>
    </>
  );
}
