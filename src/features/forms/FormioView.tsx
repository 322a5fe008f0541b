import { Form } from '@formio/react';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../../resources/forms';
import { toFormio, toFormioData } from '../../resources/formio';
import { formioTexts } from './setup';
import { useFormioTheme } from './useFormioTheme';

interface Props {
  fields: readonly FormField[];
  /** Answers to show (read-only); none for a live preview a person can fill in. */
  answers?: Readonly<Record<string, unknown>>;
  /** An accessible name for the rendered form. */
  label: string;
}

/**
 * A form as a guest sees it, rendered by Form.io: the builder's live preview, or one
 * submission's answers, read-only.
 */
function FormioViewInner({ fields, answers, label }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useFormioTheme();
  const form = useMemo(() => {
    const schema = toFormio(fields);
    // A preview shows the guest's button; a submission has nothing to submit.
    if (!answers) {
      schema.components.push({
        type: 'button',
        key: 'submit',
        label: t('forms.submit'),
        input: true,
        action: 'submit',
        disableOnInvalid: false,
      });
    }
    return schema;
  }, [fields, answers, t]);
  const options = useMemo(
    () => ({
      readOnly: Boolean(answers),
      noAlerts: false,
      language: i18n.language,
      i18n: { [i18n.language]: formioTexts(t) },
    }),
    [answers, t, i18n.language],
  );
  const submission = useMemo(
    () => (answers ? { data: toFormioData(fields, answers) as never } : undefined),
    [fields, answers],
  );
  return (
    <div className="stay-formio" data-bs-theme={theme} role="group" aria-label={label}>
      <Form src={form as never} options={options as never} submission={submission} />
    </div>
  );
}

export const FormioView = memo(FormioViewInner);
export default FormioView;
