import { message } from '../messages';
import { isHttpsAddress, parseUploadAddress } from '../uploads';
import { asString, invalid, required, typeError } from './common';
import { defineKind } from './types';
import type {
  ColorField,
  CoordinatesField,
  GroupField,
  ItemsField,
  JsonField,
  ReferenceField,
  UploadField,
} from '../fields';

export const HEX_COLOR_PATTERN = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export const color = defineKind<ColorField>({
  rule: (_field, { z }) =>
    z.string({ error: typeError }).trim().regex(HEX_COLOR_PATTERN, message('validation.hexColor')),
  empty: () => '',
  stringLike: true,
  text: (_field, value) => asString(value),
});

/**
 * The address of an upload (`POST /uploads` answers it): only `/uploads/files/<tenant>/<name>`,
 * or an `https:` address where the declaration says `external`. Never a script (`javascript:`,
 * `data:`, `vbscript:`), another host's (`//host/…`) or a local file's (`file:`) address; which
 * tenant's folder a record may use is the API's check (mock-server/engine/validate.ts).
 */
const uploadKind = defineKind<UploadField>({
  rule: (field, { z }) =>
    z
      .string({ error: typeError })
      .trim()
      .max(2000)
      .refine(
        (value) =>
          parseUploadAddress(value) !== undefined ||
          (Boolean(field.external) && isHttpsAddress(value)),
        message(field.external ? 'validation.uploadOrHttps' : 'validation.upload'),
      ),
  empty: () => '',
  stringLike: true,
  // The file's own name, not the storage path.
  text: (_field, value) => asString(value).split('/').pop() ?? '',
});
export const image = uploadKind;
export const file = uploadKind;

export const reference = defineKind<ReferenceField>({
  rule: (_field, { z }) => z.number({ error: typeError }).int().positive(required),
  empty: () => null,
  text: (_field, value, { label }) => label ?? `#${asString(value)}`,
});

export const coordinates = defineKind<CoordinatesField>({
  rule: (_field, { z }) =>
    z.object(
      {
        lat: z
          .number({ error: message('validation.latitude') })
          .min(-90, message('validation.latitude'))
          .max(90, message('validation.latitude')),
        lng: z
          .number({ error: message('validation.longitude') })
          .min(-180, message('validation.longitude'))
          .max(180, message('validation.longitude')),
      },
      { error: typeError },
    ),
  empty: () => null,
  text: (_field, value) => {
    const { lat, lng } = value as { lat: number; lng: number };
    return `${lat.toFixed(5)}, ${lng.toFixed(5)}`;
  },
});

/**
 * A list of sub-records (a transaction's lines, a form's fields): each one checked by the rules of
 * the parts it shows (a part's condition reads its own sub-record), at most `max` of them, and the
 * `distinct` parts differing from one sub-record to the next. Issues keep their path
 * (`fields.2.name`) so each message shows under its own sub-record.
 */
export const items = defineKind<ItemsField>({
  rule: (field, { z, sub }) => {
    let list = z.array(z.unknown(), { error: typeError });
    if (field.required) list = list.min(1, required);
    if (field.max !== undefined) {
      list = list.max(field.max, message('validation.maxItems', { max: field.max }));
    }
    return list.transform((rows, ctx) => {
      const out: Record<string, unknown>[] = [];
      rows.forEach((row, index) => {
        if (typeof row !== 'object' || row === null || Array.isArray(row)) {
          ctx.issues.push({ code: 'custom', message: invalid, path: [index], input: row });
          return;
        }
        const record = row as Record<string, unknown>;
        const shape = Object.fromEntries(
          Object.entries(field.of)
            .filter(([, part]) => !part.readOnly && (!part.condition || part.condition(record)))
            .map(([name, part]) => [name, sub(part)]),
        );
        const result = z.object(shape).safeParse(record);
        if (result.success) out.push(result.data);
        for (const issue of result.error?.issues ?? []) {
          ctx.issues.push({
            code: 'custom',
            message: issue.message,
            path: [index, ...issue.path],
            input: undefined,
          });
        }
      });
      for (const [part, key] of Object.entries(field.distinct ?? {})) {
        const seen = new Set<string>();
        rows.forEach((row, index) => {
          const value = (row as Record<string, unknown> | null)?.[part];
          if (typeof value !== 'string' || value.trim() === '') return;
          const normal = value.trim().toLowerCase();
          if (!seen.has(normal)) return void seen.add(normal);
          ctx.issues.push({
            code: 'custom',
            message: message(key),
            path: [index, part],
            input: value,
          });
        });
      }
      return out;
    });
  },
  empty: () => [],
  // One line per sub-record, its shown parts side by side: "2 Cappuccino 375; 1 Croissant 250".
  text: (field, value) =>
    (Array.isArray(value) ? (value as Record<string, unknown>[]) : [])
      .map((row) =>
        Object.entries(field.of)
          .filter(([, part]) => !part.list?.none && part.kind !== 'items')
          .map(([name]) => asString(row[name] ?? ''))
          .join(' '),
      )
      .join('; '),
});

/** One object of parts, each checked by its own rule; what is not declared is dropped. */
export const group = defineKind<GroupField>({
  rule: (field, { z, sub }) =>
    z.object(
      Object.fromEntries(Object.entries(field.of).map(([name, part]) => [name, sub(part)])),
      { error: typeError },
    ),
  empty: (field, emptyOf) =>
    Object.fromEntries(Object.entries(field.of).map(([name, part]) => [name, emptyOf(part)])),
  text: (field, value, _ctx, textOf) =>
    Object.entries(field.of)
      .map(([name, part]) => textOf(part, (value as Record<string, unknown>)[name]))
      .filter(Boolean)
      .join(', '),
});

export const json = defineKind<JsonField>({
  rule: (_field, { z }) => z.unknown(),
  empty: () => null,
  noExport: true,
  text: (_field, value) => JSON.stringify(value),
});
