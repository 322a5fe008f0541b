import { FormBuilder, type FormType } from '@formio/react';
import { memo, useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormField } from '../../resources/forms';
import { fromFormio, toFormio } from '../../resources/formio';
import { formioTexts, palette, setEditForms } from './setup';
import { useFormioTheme } from './useFormioTheme';

interface Props {
  /** The fields the builder starts with (read once: the builder then owns the form). */
  initial: readonly FormField[];
  /** Every change in the builder, as the model's fields. */
  onChange: (fields: FormField[]) => void;
  /** Bumped to put `initial` back into the builder (a failed reorder is undone). */
  resetKey?: number;
}

/**
 * Form.io's builder limited to the seven types, with their edit dialogs reduced to what the API
 * stores. Rendered once per form: @formio/react re-attaches its listeners on every render (and
 * never detaches the old ones), so its props are memoised and this component is memo'd; changes
 * leave through a ref.
 */
function FormioBuilderInner({ initial, onChange, resetKey = 0 }: Props) {
  const { t, i18n } = useTranslation();
  const theme = useFormioTheme();
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  }, [onChange]);

  // New each time the language changes or a reset is asked for; otherwise the same objects.
  const form = useMemo(
    () => toFormio(initial) as FormType,
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `initial` is read on (re)set only.
    [resetKey],
  );
  const options = useMemo(() => {
    setEditForms(t);
    return {
      builder: palette(t),
      language: i18n.language,
      i18n: { [i18n.language]: formioTexts(t) },
      editJson: false,
      // Enter on a palette entry adds it; a field's move button, then the arrow keys, moves it.
      keyboardBuilder: true,
      noAddSubmitButton: true,
      noDefaultSubmitButton: true,
    };
  }, [t, i18n.language]);
  const handlers = useMemo(
    () => ({
      onChange: (schema: FormType) =>
        changed.current(fromFormio(schema as Parameters<typeof fromFormio>[0])),
    }),
    [],
  );
  const wrapper = useRef<HTMLDivElement>(null);
  // The palette's entries are buttons to assistive technology and the keyboard (Enter adds the
  // field: Form.io's keyboard builder), named for what they do.
  const onBuilderReady = useCallback(() => {
    wrapper.current?.querySelectorAll<HTMLElement>('[ref="sidebar-component"]').forEach((entry) => {
      entry.setAttribute('role', 'button');
      entry.setAttribute('aria-label', t('forms.addType', { type: entry.textContent?.trim() }));
    });
  }, [t]);

  // The palette is an accordion of groups and a search field, no tablist: Form.io's role said
  // so to screen readers and broke the tablist's rule (axe: aria-required-children). Form.io
  // draws its builder again (a field added), so the role is taken off each time it comes back.
  useEffect(() => {
    const root = wrapper.current;
    if (!root) return;
    const strip = () =>
      root
        .querySelectorAll<HTMLElement>('[ref="sidebar"][role="tablist"]')
        .forEach((sidebar) => sidebar.removeAttribute('role'));
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, []);

  return (
    <div className="stay-formio stay-formio-builder" data-bs-theme={theme} ref={wrapper}>
      <StableFormBuilder
        initialForm={form}
        options={options as never}
        onChange={handlers.onChange}
        onBuilderReady={onBuilderReady}
      />
    </div>
  );
}

/**
 * @formio/react's builder re-attaches its event listeners whenever it renders (and the old ones
 * stay): with its props memoised it renders once per form, whatever happens around it.
 */
const StableFormBuilder = memo(FormBuilder);

/** Re-rendered for a new start (`initial`, `resetKey`) only: `onChange` is read through a ref. */
export const FormioBuilder = memo(
  FormioBuilderInner,
  (before, after) => before.initial === after.initial && before.resetKey === after.resetKey,
);
export default FormioBuilder;
