import { owner } from '../schema/access';
import { fieldError } from '../schema/errors';
import {
  boolean,
  color,
  file,
  group,
  image,
  locale,
  locales,
  reference,
  richText,
  select,
  slug,
  text,
  textarea,
  url,
} from '../schema/fields';
import { defineResource, type ResourceHooks } from '../schema/resource';

/** How a page shows its subpages in the guest app (spec §3), in the spec's order. */
export const PAGE_TEMPLATES = ['rows', 'masonry', 'vertical', 'bubbles'] as const;
export const PAGE_TYPES = ['content', 'pdf', 'iframe'] as const;
/** Fonts a page can use; each is served with the dashboard (no font CDN). */
export const PAGE_FONTS = ['public-sans', 'lora', 'merriweather', 'playfair-display'] as const;

/** Longest chain of parents walked when looking for a cycle (deeper trees are refused). */
const MAX_DEPTH = 20;

/**
 * A page's own language is where its content was written, unless Sync copied it from another;
 * and a subpage may not sit under itself or under one of its own subpages.
 */
const pageRules: ResourceHooks = {
  beforeValidate: async ({ operation, data, existing, store }) => {
    if (operation === 'create' && !data.sourceLocale) data.sourceLocale = data.locale;
    if (!data.isSubpage) {
      data.parentId = null;
      return;
    }
    let parentId = data.parentId as number | null;
    for (let depth = 0; parentId != null; depth++) {
      if ((existing && parentId === existing.id) || depth > MAX_DEPTH) {
        throw fieldError('parentId', 'A page cannot be a subpage of itself or of its own subpages');
      }
      const parent = await store.get('pages', parentId);
      parentId = (parent?.parentId as number | null | undefined) ?? null;
    }
  },
};

/**
 * Content pages of a hotel's guest app, in each of its languages: rich content, a PDF or an
 * embedded https page, each with its own create route and the five-step flow of spec §2.
 */
export const pages = defineResource({
  name: 'pages',
  route: 'page',
  menu: {
    group: 'management',
    icon: 'file',
    items: ['list', 'create', 'new-pdf', 'new-iframe'],
  },
  owned: true,
  localized: true,
  shownToGuests: 'published',
  orderable: true,
  access: owner(),
  labelField: 'title',
  timestamps: true,
  // Spec §2's list: title, type, languages, published, subpage of, updated.
  listTimestamps: ['updatedAt'],
  hooks: pageRules,
  fields: {
    title: text({
      required: true,
      max: 160,
      translatable: true,
      list: { search: true, sort: true },
    }),
    slug: slug({
      required: true,
      from: 'title',
      unique: { per: ['ownerId', 'locale'] },
      list: { hidden: true },
    }),
    description: textarea({ max: 500, translatable: true, list: { none: true } }),
    type: select({
      options: PAGE_TYPES,
      required: true,
      default: 'content',
      list: { filter: true },
    }),
    body: richText({ translatable: true, list: { none: true } }),
    pdf: file({ required: true, accept: 'application/pdf', list: { none: true } }),
    iframe: url({ required: true, list: { none: true } }),
    // The design (cover, template, styling) and the place in the page tree (subpage of, form
    // link) are the same in every language (issue 39, point 6); texts, the slug, the PDF and
    // the iframe address are language.
    cover: image({ shared: true, list: { hidden: true } }),
    template: select({
      options: PAGE_TEMPLATES,
      required: true,
      default: 'rows',
      shared: true,
      list: { hidden: true },
    }),
    published: boolean({ default: false, list: { filter: true, sort: true } }),
    isSubpage: boolean({ default: false, shared: true, list: { none: true } }),
    parentId: reference({
      resource: 'pages',
      labelField: 'title',
      required: true,
      sameOwner: true,
      match: ['locale'],
      onDelete: 'restrict',
      condition: (record) => record.isSubpage === true,
      shared: true,
      list: { filter: true },
    }),
    /** The form a page links to (spec §3 "form link"): one of the hotel's, in the page's language. */
    formId: reference({
      resource: 'forms',
      labelField: 'label',
      sameOwner: true,
      match: ['locale'],
      onDelete: 'setNull',
      shared: true,
      list: { hidden: true },
    }),
    sourceLocale: locale({ readOnly: true, list: { none: true } }),
    /** The create flow's choice of languages: not stored; Sync makes the copies after Create. */
    languages: locales({ transient: true, list: { none: true } }),
    styling: group({
      shared: true,
      list: { none: true },
      of: {
        background: color({ default: '#ffffff' }),
        font: select({ options: PAGE_FONTS, default: 'public-sans' }),
        buttonColor: color({ default: '#7635dc' }),
        buttonTitleColor: color({ default: '#ffffff' }),
        titleColor: color({ default: '#212b36' }),
      },
    }),
  },
  rules: [
    {
      path: 'languages',
      message: 'validation.sourceInLanguages',
      reads: ['languages', 'locale'],
      // A value that is not a list is the field's own error, not this rule's.
      check: (record) =>
        !Array.isArray(record.languages) || record.languages.includes(record.locale),
    },
    {
      path: 'iframe',
      message: 'validation.https',
      reads: ['iframe'],
      check: (record) => String(record.iframe).startsWith('https://'),
    },
  ],
  variants: {
    field: 'type',
    of: {
      content: { route: 'new', fields: ['body'] },
      pdf: { route: 'new-pdf', fields: ['pdf'] },
      iframe: { route: 'new-iframe', fields: ['iframe'] },
    },
  },
  layout: {
    steps: [
      { key: 'choose', fields: ['type', 'template'] },
      { key: 'design', fields: ['styling', 'cover'] },
      { key: 'languages', fields: ['languages', 'locale'] },
      {
        key: 'data',
        fields: [
          'title',
          'slug',
          'description',
          'body',
          'pdf',
          'iframe',
          'isSubpage',
          'parentId',
          'formId',
          'published',
        ],
      },
      { key: 'done', fields: [] },
    ],
    tabs: [
      { key: 'title', fields: ['title', 'locale'] },
      { key: 'description', fields: ['description'] },
      { key: 'published', fields: ['published', 'isSubpage', 'parentId'] },
      { key: 'slug', fields: ['slug'] },
      { key: 'content', fields: ['body', 'pdf', 'iframe', 'formId'] },
      { key: 'design', fields: ['template', 'styling', 'cover'] },
    ],
  },
});
