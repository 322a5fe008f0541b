import { useList, useOne } from '@refinedev/core';
import { Descriptions, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { forms, type FormField } from '../../resources/forms';
import { useScreens } from '../../shell/useScreens';
import { answerText, type SubmissionRow } from './answers';

/**
 * The labels of a form's fields in the interface language, when the form has a translation in
 * it (the same `groupId`); the labels the guest saw otherwise.
 */
function useLabelsIn(formId: number | undefined, language: string): Map<string, string> {
  const { result: form } = useOne<{ groupId?: string }>({
    resource: forms.name,
    id: formId ?? 0,
    queryOptions: { enabled: formId !== undefined },
    errorNotification: false,
  });
  const { result: translations } = useList<{ fields?: FormField[] }>({
    resource: forms.name,
    filters: [
      { field: 'groupId', operator: 'eq', value: form?.groupId },
      { field: 'locale', operator: 'eq', value: language },
    ],
    pagination: { currentPage: 1, pageSize: 1 },
    queryOptions: { enabled: Boolean(form?.groupId) },
    errorNotification: false,
  });
  return useMemo(
    () =>
      new Map(
        (translations?.data[0]?.fields ?? []).map((field) => [field.name, field.label] as const),
      ),
    [translations?.data],
  );
}

/**
 * A submission's answers by their labels, as a person reads them (a request's page and the
 * submission's show page); a long answer wraps.
 */
export default function SubmissionAnswers({
  row,
  titled = false,
}: {
  row: SubmissionRow;
  /** Headed "Answers" (a page without a card of that title). */
  titled?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const labels = useLabelsIn(row.formId, language);
  const words = { yes: t('requests.yes'), no: t('requests.no'), language };
  const phone = !useScreens().sm;
  return (
    // As a show page's details: on a phone each label above its answer, at the screen's width.
    <Descriptions
      column={1}
      bordered
      size="small"
      layout={phone ? 'vertical' : 'horizontal'}
      className="stay-show-details"
      title={titled ? t('requests.answers') : undefined}
      style={titled ? { marginTop: 16 } : undefined}
      items={(row.fields ?? []).map((field) => ({
        key: field.name,
        label: labels.get(field.name) ?? field.label,
        children: answerText(row, field.name, words) || (
          <Typography.Text type="secondary">{t('requests.noAnswer')}</Typography.Text>
        ),
      }))}
    />
  );
}
