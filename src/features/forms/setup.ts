import { Builders, Components, Formio } from '@formio/js';
import flatpickr from 'flatpickr';
import 'flatpickr/dist/flatpickr.min.css';
// Bootstrap's icon font, served from the build (the builder's buttons and palette use it).
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import './formio-scoped.css';
import type { FormFieldType } from '../../resources/forms';
import { FIELD_NAME_PATTERN } from '../../resources/forms';
import { FORMIO_TYPES } from '../../resources/formio';

/**
 * Form.io, set up once for this product: nothing is fetched from a CDN at run time. Its date
 * picker asks for flatpickr by a global name before it would load it from cdn.form.io, so the
 * bundled one is put there; Bootstrap, Form.io's styles and the icon font come with this chunk.
 * Rich-text and code editors (Quill, ACE) are never used: the text area is plain and the
 * builder's JSON editing is off.
 */
const globals = window as unknown as Record<string, unknown>;
globals.flatpickr ??= flatpickr;

// Nothing may reach the default CDN: any library still asked for fails at once, visibly.
const cdn = (
  Formio as unknown as {
    cdn: { setBaseUrl(url: string): void; setOverrideUrl(lib: string, url: string): void };
  }
).cdn;
cdn.setBaseUrl('/formio-cdn-disabled');
// But the date widget's time-zone data, which it always asks for: the build serves it (copied
// from node_modules by vite.config.ts's formioTimezones) at <base>formio/moment-timezone/….
cdn.setOverrideUrl('moment-timezone', `${import.meta.env.BASE_URL}formio`);

/**
 * The builder asks its Form.io project for settings; the forms here belong to no Form.io project,
 * so there are none to load (rather than a "Could not load project settings: Missing projectId"
 * warning in every session).
 */
const sdk = Formio as unknown as {
  prototype: { projectId?: string; loadProject(...args: unknown[]): Promise<unknown> };
};
const loadProject = sdk.prototype.loadProject;
sdk.prototype.loadProject = function (this: { projectId?: string }, ...args: unknown[]) {
  return this.projectId ? loadProject.apply(this, args) : Promise.resolve(null);
};

type T = (key: string, options?: Record<string, unknown>) => string;

interface WebformBuilder {
  componentEdit?: HTMLElement;
  editComponent(...args: unknown[]): unknown;
  updateComponentKey(data: { key?: string }): string;
  addNewComponent(element: HTMLElement): void;
  saveComponent(component: unknown, parent: BuilderContainer, ...rest: unknown[]): Promise<void>;
  moveComponent(component: unknown): void;
  isComponentCreated?: boolean;
}

/** A builder's list of fields: its element, with Form.io's schema and component on it. */
interface BuilderContainer extends HTMLElement {
  formioContainer: unknown[];
  formioComponent: { components: unknown[]; rebuild(): Promise<unknown> };
}

/**
 * A new field's name follows its label only until the user types a name. Form.io means to do
 * this — it marks its copy of the field `keyModified` when the name changes — but then asks the
 * edit dialog's data, which never has that mark, so every label change renamed the field
 * ("room-no" became "kamernummer"). Here the dialog remembers whether its name was typed (an
 * input event on it, which comes before Form.io's debounced change), and a typed name is kept.
 * A field already in the form is never renamed by Form.io (only new ones are).
 */
const builderClass = Builders.getBuilder('webform') as unknown as { prototype: WebformBuilder };
const nameTyped = new WeakMap<WebformBuilder, boolean>();
const openDialog = builderClass.prototype.editComponent;
builderClass.prototype.editComponent = function (this: WebformBuilder, ...args: unknown[]) {
  nameTyped.set(this, false);
  const result = openDialog.apply(this, args);
  this.componentEdit?.addEventListener('input', (event) => {
    if ((event.target as HTMLInputElement | null)?.name === 'data[key]') nameTyped.set(this, true);
  });
  return result;
};
const nameFromLabel = builderClass.prototype.updateComponentKey;
builderClass.prototype.updateComponentKey = function (this: WebformBuilder, data) {
  return nameTyped.get(this) ? (data.key ?? '') : nameFromLabel.call(this, data);
};

/**
 * A field added from the keyboard (Enter on a palette entry) goes to the end of the form, as a
 * dropped one does; Form.io puts it first. After its dialog is saved, it is the field selected
 * for moving with the arrow keys, as Form.io selects the first.
 */
const addNew = builderClass.prototype.addNewComponent;
builderClass.prototype.addNewComponent = function (this: WebformBuilder, element) {
  const source = document.querySelector<BuilderContainer>('.formio-builder-form');
  const before = source ? [...source.formioContainer] : [];
  addNew.call(this, element);
  if (!source) return;
  const added = source.formioContainer.findIndex((schema) => !before.includes(schema));
  if (added === -1 || added === source.formioContainer.length - 1) return;
  source.formioContainer.push(...source.formioContainer.splice(added, 1));
  void source.formioComponent.rebuild();
};
const save = builderClass.prototype.saveComponent;
builderClass.prototype.saveComponent = function (this: WebformBuilder, component, parent, ...rest) {
  const created = this.isComponentCreated;
  this.isComponentCreated = false;
  return save.call(this, component, parent, ...rest).then(() => {
    const last = parent?.formioComponent.components.at(-1);
    if (created && last) this.moveComponent(last);
  });
};

const NAME_PATTERN = FIELD_NAME_PATTERN.source.replace(/^\^|\$$/g, '');

/**
 * The settings a field's edit dialog offers: what the model stores (label, name, required and a
 * select's options), nothing else. In a `tabs` component keyed `tabs`, as Form.io expects, so
 * a new field's name follows its label until someone types one (see above).
 */
function editForm(type: FormFieldType, t: T) {
  const fields: Record<string, unknown>[] = [
    {
      type: 'textfield',
      key: 'label',
      label: t('resources.forms.fields.label'),
      input: true,
      validate: { required: true, maxLength: 200 },
    },
    {
      type: 'textfield',
      key: 'key',
      label: t('resources.forms.fields.name'),
      tooltip: t('forms.nameHelp'),
      input: true,
      // Each check its own message (Form.io's `required`, `pattern`, … below): a custom
      // message would stand for all of them, an empty name too.
      validate: { required: true, maxLength: 60, pattern: NAME_PATTERN },
    },
    {
      type: 'checkbox',
      key: 'validate.required',
      label: t('forms.required'),
      input: true,
    },
  ];
  if (type === 'select') {
    fields.push({
      type: 'datagrid',
      key: 'data.values',
      label: t('resources.forms.fields.options'),
      input: true,
      reorder: true,
      addAnother: t('forms.addOption'),
      defaultValue: [{ label: '', value: '' }],
      components: [
        {
          type: 'textfield',
          key: 'label',
          label: t('resources.forms.fields.text'),
          input: true,
          validate: { required: true },
        },
        {
          type: 'textfield',
          key: 'value',
          label: t('resources.forms.fields.value'),
          input: true,
          validate: { required: true, pattern: NAME_PATTERN },
        },
      ],
    });
  }
  return {
    components: [
      {
        type: 'tabs',
        key: 'tabs',
        components: [{ key: 'settings', label: t('forms.settings'), components: fields }],
      },
    ],
  };
}

type ComponentClass = { editForm: (...args: unknown[]) => unknown };
const registry = (Components as unknown as { components: Record<string, ComponentClass> })
  .components;

/** Gives each of the seven types' component its reduced edit dialog, in the interface language. */
export function setEditForms(t: T): void {
  for (const [ours, { type }] of Object.entries(FORMIO_TYPES)) {
    const component = registry[type];
    if (component) component.editForm = () => editForm(ours as FormFieldType, t);
  }
}

const ICONS: Record<FormFieldType, string> = {
  text: 'input-cursor-text',
  textarea: 'textarea-t',
  email: 'envelope',
  number: '123',
  date: 'calendar-date',
  checkbox: 'check-square',
  select: 'menu-button-wide',
};

/** The builder's palette: one group with the seven types, labelled in the interface language. */
export function palette(t: T) {
  return {
    basic: false,
    advanced: false,
    layout: false,
    data: false,
    premium: false,
    fields: {
      title: t('forms.palette'),
      default: true,
      weight: 0,
      components: Object.fromEntries(
        (Object.keys(FORMIO_TYPES) as FormFieldType[]).map((ours, index) => {
          const { type, settings } = FORMIO_TYPES[ours];
          const title = t(`resources.forms.options.type.${ours}`);
          return [
            type,
            {
              title,
              key: type,
              icon: ICONS[ours],
              weight: index * 10,
              schema: {
                ...settings,
                type,
                label: title,
                key: ours,
                input: true,
                tableView: true,
                validate: { required: false },
                ...(ours === 'select' ? { data: { values: [] } } : {}),
              },
            },
          ];
        }),
      ),
    },
  };
}

/** Form.io's own words (buttons, placeholders) in the interface language. */
export function formioTexts(t: T): Record<string, string> {
  return {
    'Drag and Drop a form component': t('forms.dropHere'),
    'Search field(s)': t('forms.searchPalette'),
    // The edit dialog's title: "<type> Component".
    'Text Field': t('resources.forms.options.type.text'),
    'Text Area': t('resources.forms.options.type.textarea'),
    Email: t('resources.forms.options.type.email'),
    Number: t('resources.forms.options.type.number'),
    'Date / Time': t('resources.forms.options.type.date'),
    Checkbox: t('resources.forms.options.type.checkbox'),
    Select: t('resources.forms.options.type.select'),
    Component: t('forms.componentWord'),
    'Hide Preview': t('forms.hidePreview'),
    'Show Preview': t('forms.showPreview'),
    'Add Another': t('forms.addOption'),
    Save: t('crud.save'),
    Cancel: t('crud.cancel'),
    Remove: t('forms.removeField'),
    Preview: t('forms.fieldPreview'),
    Help: t('forms.help'),
    Submit: t('forms.submit'),
    hidePreview: t('forms.hidePreview'),
    showPreview: t('forms.showPreview'),
    // Form.io fills in the field's label itself.
    required: t('forms.requiredError', { field: '{{field}}' }),
    // The names' and option values' pattern, said in words (not `[A-Za-z0-9-]+`).
    pattern: t('validation.lettersNumbersHyphens', { field: '{{field}}' }),
    maxLength: t('validation.tooLong', { field: '{{field}}', max: '{{length}}' }),
    invalid_email: t('forms.invalidEmail', { field: '{{field}}' }),
    invalid_date: t('forms.invalidDate', { field: '{{field}}' }),
    number: t('forms.invalidNumber', { field: '{{field}}' }),
    error: t('forms.fixErrors'),
    // The builder's own check of names: the spec's 'duplicate name'.
    apiKey: t('validation.duplicateName'),
    notUniqueKey: t('validation.duplicateName'),
    complete: t('forms.submitted'),
  };
}
