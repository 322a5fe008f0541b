import { fireEvent, render, renderHook, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { testI18n, withI18n } from './testI18n';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { useResourceText } from '../../src/crud/useResourceText';
import { FieldInput, FieldValue, type InputProps } from '../../src/crud/widgets';
import de from '../../src/i18n/locales/de.json';
import en from '../../src/i18n/locales/en.json';
import { amenities } from '../../src/resources/amenities';
import { users } from '../../src/resources/users';
import * as f from '../../src/schema/fields';
import type { Field } from '../../src/schema/fields';
import { owner } from '../../src/schema/access';
import { defineResource, type Resource } from '../../src/schema/resource';
import { fieldSchema } from '../../src/schema/validation';

let i18n: I18n;

beforeAll(async () => {
  i18n = await testI18n({ de });
});

const wrapper = withI18n(() => i18n);

const identity = (value: string) => value;

function showValue(field: Field, value: unknown, optionLabel = identity, label?: string) {
  return render(
    <div data-testid="cell">
      <FieldValue field={field} value={value} optionLabel={optionLabel} label={label} />
    </div>,
    { wrapper },
  );
}

const cell = () => screen.getByTestId('cell');

function inputProps(value: unknown, overrides: Partial<InputProps> = {}): InputProps {
  return {
    id: 'field',
    value,
    onChange: vi.fn(),
    onBlur: vi.fn(),
    'aria-invalid': false,
    optionLabel: identity,
    ...overrides,
  };
}

describe('FieldValue', () => {
  it('shows a colour as its hex text', () => {
    showValue(f.color(), '#7635dc');
    expect(cell()).toHaveTextContent('#7635dc');
    expect(screen.getByText('#7635dc').tagName).toBe('CODE');
  });

  it('shows Yes and No for booleans, from the translations', () => {
    showValue(f.boolean(), true);
    expect(cell()).toHaveTextContent(/^Yes$/);
  });

  it('shows No for false, which is a value and not "nothing"', () => {
    showValue(f.boolean(), false);
    expect(cell()).toHaveTextContent(/^No$/);
  });

  it('follows the interface language', async () => {
    await i18n.changeLanguage('de');
    try {
      const { unmount } = showValue(f.boolean(), true);
      expect(cell()).toHaveTextContent(/^Ja$/);
      unmount();
      showValue(amenities.fields.locale, 'nl');
      expect(cell()).toHaveTextContent(/^Niederländisch$/);
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows a dash for an empty value', () => {
    for (const empty of [null, undefined, '']) {
      const { unmount } = showValue(f.text(), empty);
      expect(cell()).toHaveTextContent(/^—$/);
      unmount();
    }
  });

  it('shows a select option through its label', () => {
    showValue(users.fields.role, 'superAdmin', (value) => `label:${value}`);
    expect(cell()).toHaveTextContent(/^label:superAdmin$/);
  });

  it('names a content language in words', () => {
    showValue(amenities.fields.locale, 'nl');
    expect(cell()).toHaveTextContent(/^Dutch$/);
  });

  it('links a website', () => {
    showValue(amenities.fields.url, 'https://example.com/spa');
    expect(screen.getByRole('link', { name: 'https://example.com/spa' })).toHaveAttribute(
      'href',
      'https://example.com/spa',
    );
  });

  it('links an email address with mailto', () => {
    showValue(users.fields.email, 'anna@example.com');
    expect(screen.getByRole('link', { name: 'anna@example.com' })).toHaveAttribute(
      'href',
      'mailto:anna@example.com',
    );
  });

  it('shows coordinates with five decimals', () => {
    showValue(amenities.fields.coordinates, { lat: 52.3676, lng: 4.9041 });
    expect(cell()).toHaveTextContent(/^52\.36760, 4\.90410$/);
  });

  it('shows a reference by its label, or by its id while the label is unknown', () => {
    const { unmount } = showValue(amenities.fields.categoryId, 3, identity, 'Wellness');
    expect(cell()).toHaveTextContent(/^Wellness$/);
    unmount();
    showValue(amenities.fields.categoryId, 3);
    expect(cell()).toHaveTextContent(/^#3$/);
  });

  it('never shows a password', () => {
    showValue(f.password(), 'secret');
    expect(cell()).not.toHaveTextContent('secret');
    expect(cell()).toHaveTextContent('••••••••');
  });
});

describe('FieldInput', () => {
  // The inputs are a lazy chunk (lists load none): each shows once it has loaded.
  it('edits a colour as text, with a picker that sets the hex value', async () => {
    const props = inputProps('#7635dc');
    render(<FieldInput field={f.color()} props={props} />, { wrapper });
    const text = await screen.findByRole('textbox');
    expect(text).toHaveValue('#7635dc');
    expect(text).toHaveAttribute('id', 'field');
    fireEvent.change(text, { target: { value: '#00ff00' } });
    expect(props.onChange).toHaveBeenLastCalledWith('#00ff00');
    const picker = screen.getByLabelText('Pick a color');
    expect(picker).toHaveAttribute('type', 'color');
    fireEvent.input(picker, { target: { value: '#112233' } });
    expect(props.onChange).toHaveBeenLastCalledWith('#112233');
  });

  it('renders a boolean as a switch that reports the new state', async () => {
    const props = inputProps(true);
    render(<FieldInput field={f.boolean()} props={props} />, { wrapper });
    const toggle = await screen.findByRole('switch');
    expect(toggle).toBeChecked();
    fireEvent.click(toggle);
    expect(props.onChange).toHaveBeenCalledWith(false);
  });

  it('uses the input type of the text kind', async () => {
    const kinds: [Field, string][] = [
      [f.email(), 'email'],
      [f.url(), 'url'],
      [f.phone(), 'tel'],
      [f.text(), 'text'],
    ];
    for (const [field, type] of kinds) {
      const { unmount } = render(<FieldInput field={field} props={inputProps('v')} />, {
        wrapper,
      });
      expect(await screen.findByRole('textbox')).toHaveAttribute('type', type);
      unmount();
    }
  });

  it('marks an invalid input for assistive technology', async () => {
    render(
      <FieldInput
        field={f.text()}
        props={inputProps('x', { 'aria-invalid': true, 'aria-describedby': 'field-error' })}
      />,
      { wrapper },
    );
    const box = await screen.findByRole('textbox');
    expect(box).toHaveAttribute('aria-invalid', 'true');
    expect(box).toHaveAttribute('aria-describedby', 'field-error');
  });

  it('edits coordinates as a labelled latitude and longitude', async () => {
    const props = inputProps({ lat: 52.37, lng: 4.89 });
    render(<FieldInput field={amenities.fields.coordinates} props={props} />, { wrapper });
    const lat = await screen.findByLabelText('Latitude');
    expect(screen.getByLabelText('Longitude')).toHaveValue('4.89');
    fireEvent.change(lat, { target: { value: '10' } });
    expect(props.onChange).toHaveBeenLastCalledWith({ lat: 10, lng: 4.89 });
  });
});

describe('resource texts', () => {
  const text = () => renderHook(() => useResourceText(users), { wrapper }).result.current;

  it('names a resource, its fields and the synthetic columns from the declaration', () => {
    const { title, singular, fieldLabel } = text();
    expect([title, singular]).toEqual(['Users', 'User']);
    expect(fieldLabel('phoneNumber')).toBe('Phone number');
    expect(fieldLabel('ownerId')).toBe('Owner');
    expect(fieldLabel('createdAt')).toBe('Created');
  });

  it('labels the engine fields through crud.* unless the resource has its own label', async () => {
    const textOf = (resource: Resource, within = wrapper) =>
      renderHook(() => useResourceText(resource), { wrapper: within }).result.current;
    // A name no product resource takes: its labels must come from crud.* alone.
    const rooms = defineResource({
      name: 'test-rooms',
      route: 'test-rooms',
      localized: true,
      orderable: true,
      access: owner(),
      labelField: 'number',
      fields: { number: f.text() },
    });
    expect(textOf(rooms).fieldLabel('locale')).toBe('Language');
    expect(textOf(rooms).fieldLabel('position')).toBe('Position');
    expect(textOf(rooms).errorText('locale', 'validation.required')).toBe('Language is required');
    expect(textOf(amenities).fieldLabel('position')).toBe('Position');
    // A resource's own label wins.
    const own = await testI18n({
      en: {
        ...en,
        resources: { ...en.resources, 'test-rooms': { fields: { position: 'Floor order' } } },
      },
    });
    const ownWrapper = withI18n(() => own);
    expect(textOf(rooms, ownWrapper).fieldLabel('position')).toBe('Floor order');
    expect(textOf(rooms, ownWrapper).fieldLabel('locale')).toBe('Language');
  });

  it('labels options, and shows an option without a translation as it is', () => {
    const { optionLabel } = text();
    expect(optionLabel('role', 'superAdmin')).toBe('Super administrator');
    expect(optionLabel('role', 'ghost')).toBe('ghost');
  });

  it('turns a rule message into a sentence about the field', () => {
    const { errorText } = text();
    const tooLong = fieldSchema(users.fields.name).safeParse('x'.repeat(121));
    expect(errorText('name', tooLong.error!.issues[0]!.message)).toBe(
      'Name must be at most 120 characters',
    );
    const slug = fieldSchema(users.fields.slug).safeParse('Grand Hotel');
    expect(errorText('slug', slug.error!.issues[0]!.message)).toBe(
      'Slug may only contain lowercase letters, numbers and hyphens',
    );
    expect(errorText('email', 'validation.required')).toBe('Email is required');
    expect(errorText('name', 'Plain server text')).toBe('Plain server text');
  });
});
