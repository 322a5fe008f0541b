import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { renderInRefine } from './refineHarness';
import { testI18nWithResources } from './testI18n';
import ResourceForm from '../../src/crud/ResourceForm';
import { createRoutes, refineResources } from '../../src/crud/resourceRoutes';
import { branding } from '../../src/resources/branding';
import { owner } from '../../src/schema/access';
import { color, group, select, text, url } from '../../src/schema/fields';
import { defineResource, type Resource } from '../../src/schema/resource';

/**
 * The generic create and edit pages lay out what a declaration says — steps, tabs, variants,
 * groups, conditions — with no feature code. Refine runs for real; the backend is a small
 * in-memory data provider, so what the form sent is what it stored. Rendering antd forms in jsdom
 * is slow on a busy machine, hence the generous timeouts.
 */

let i18n: I18n;
beforeAll(async () => {
  // The steps, tabs and inputs are lazy chunks: transformed here once, before any test waits on
  // them (on a busy machine the first transform outlasts a query's timeout).
  await Promise.all([
    import('../../src/crud/form/StepsForm'),
    import('../../src/crud/form/FormSections'),
    import('../../src/crud/kinds/inputs'),
  ]);
  i18n = await testI18nWithResources({
    guides: {
      title: 'Guides',
      singular: 'Guide',
      fields: {
        title: 'Title',
        type: 'Type',
        address: 'Address',
        note: 'Note',
        background: 'Background',
        font: 'Font',
      },
      options: { type: { article: 'Article', link: 'Link page' } },
      groups: { styling: 'Styling' },
      steps: { choose: 'Choose', design: 'Design', data: 'Data', done: 'Done' },
      tabs: { general: 'General', design: 'Design' },
    },
  });
});

const fields = {
  title: text({ required: true }),
  type: select({ options: ['article', 'link'], required: true, default: 'article' }),
  address: url({ required: true }),
  note: text({
    condition: (record: Readonly<Record<string, unknown>>) => record.title === 'Noted',
  }),
  styling: group({
    of: { background: color({ required: true }), font: select({ options: ['serif', 'sans'] }) },
  }),
};
const variants = {
  field: 'type',
  of: { article: { route: 'new', fields: [] }, link: { route: 'new-link', fields: ['address'] } },
};

const declare = (layout: Resource['layout']) =>
  defineResource({
    name: 'guides',
    route: 'guides',
    access: owner(),
    labelField: 'title',
    fields,
    variants,
    layout,
  }) as unknown as Resource;

function renderForm(
  resource: Resource,
  path: string,
  element: ReactNode,
  stored: Record<string, unknown>[] = [],
) {
  renderInRefine(
    <Routes>
      <Route path="/g/:segment" element={element} />
      <Route path="/g/:id/edit" element={element} />
    </Routes>,
    {
      i18n: () => i18n,
      path,
      stored,
      resources: [{ name: resource.name, create: '/g/new', edit: '/g/:id/edit' }],
    },
  );
  return stored;
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Next' }));

describe('steps', { timeout: 20_000 }, () => {
  const resource = declare({
    steps: [
      { key: 'choose', fields: ['title'] },
      { key: 'design', fields: ['styling'] },
      { key: 'done', fields: [] },
    ],
  });

  it('checks a step before Next, goes back, and creates from the summary', async () => {
    const stored = renderForm(
      resource,
      '/g/new',
      <ResourceForm resource={resource} action="create" variant="article" />,
    );
    const title = await screen.findByLabelText('Title');
    next();
    expect(await screen.findByText('Title is required')).toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'Welcome' } });
    next();
    await screen.findByLabelText('Background');
    expect(screen.getByText('Styling')).toBeInTheDocument();
    // The first step is visited: the indicator goes back to it, keeping what was typed.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('Welcome');
    next();
    fireEvent.change(await screen.findByLabelText('Background'), { target: { value: '#123' } });
    next();
    // The summary shows what will be made; nothing is stored before Create.
    expect(await screen.findByText('Welcome')).toBeInTheDocument();
    expect(stored).toHaveLength(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Create' })));
    await waitFor(() => expect(stored).toHaveLength(1));
    expect(stored[0]).toMatchObject({
      title: 'Welcome',
      type: 'article',
      styling: { background: '#123' },
    });
    expect(await screen.findByRole('button', { name: 'Create another' })).toBeInTheDocument();
  });

  it('starts over from the first step with nothing kept, once the user confirms', async () => {
    renderForm(
      resource,
      '/g/new',
      <ResourceForm resource={resource} action="create" variant="article" />,
    );
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Draft' } });
    next();
    await screen.findByLabelText('Background');
    fireEvent.click(screen.getByRole('button', { name: 'Start over' }));
    // Asked first: what was typed (and uploaded) would go.
    const question = await screen.findByRole('tooltip');
    expect(question).toHaveTextContent(
      'Start over? Everything entered and uploaded here is cleared.',
    );
    fireEvent.click(within(question).getByRole('button', { name: 'Start over' }));
    expect(await screen.findByLabelText('Title')).toHaveValue('');
  });
});

describe('what a create flow asks', { timeout: 20_000 }, () => {
  // Steps that leave out an optional field, one with a default and one the record needs.
  const flow = defineResource({
    name: 'guides',
    route: 'guides',
    access: owner(),
    labelField: 'title',
    fields: {
      title: text({ required: true }),
      note: text({ from: 'title' }),
      type: select({ options: ['article', 'link'], required: true, default: 'article' }),
      font: select({ options: ['serif', 'sans'], required: true }),
      background: color(),
    },
    layout: {
      steps: [
        { key: 'choose', fields: ['type'] },
        { key: 'data', fields: ['title', 'note'] },
        { key: 'done', fields: [] },
      ],
    },
  }) as unknown as Resource;

  it('asks what the steps name, and first what the record cannot do without; options as pictures', async () => {
    const stored = renderForm(
      flow,
      '/g/new',
      <ResourceForm
        resource={flow}
        action="create"
        extension={{
          optionPictures: { type: (option) => <svg data-testid={`picture-${option}`} /> },
        }}
      />,
    );
    // The type is chosen from pictures; the font (required, no default) joins the first step;
    // the background (optional) is not asked.
    const article = await screen.findByRole('radio', { name: 'Article' });
    expect(article).toBeChecked();
    expect(screen.getByTestId('picture-link')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'Link page' }));
    expect(screen.getByLabelText('Font')).toBeInTheDocument();
    expect(screen.queryByLabelText('Background')).not.toBeInTheDocument();
    next();
    expect(await screen.findByText('Font is required')).toBeInTheDocument();
    fireEvent.mouseDown(screen.getByLabelText('Font'));
    fireEvent.click(await screen.findByTitle('sans'));
    next();
    // A field made from another follows it until it is typed in itself.
    const title = await screen.findByLabelText('Title');
    fireEvent.change(title, { target: { value: 'Harbour walk' } });
    expect(screen.getByLabelText('Note')).toHaveValue('Harbour walk');
    fireEvent.change(screen.getByLabelText('Note'), { target: { value: 'By the water' } });
    fireEvent.change(title, { target: { value: 'Harbour walks' } });
    expect(screen.getByLabelText('Note')).toHaveValue('By the water');
    next();
    const create = await screen.findByRole('button', { name: 'Create' }, { timeout: 5000 });
    await act(async () => fireEvent.click(create));
    await waitFor(() => expect(stored).toHaveLength(1));
    expect(stored[0]).toMatchObject({
      type: 'link',
      font: 'sans',
      title: 'Harbour walks',
      note: 'By the water',
      background: '',
    });
  });
});

describe('a per-hotel singleton', () => {
  it('has its page at the route itself and no list, show, create or edit pages', () => {
    expect(refineResources([branding])).toEqual([
      {
        name: 'branding',
        list: '/dashboard/customization',
        meta: { label: 'resources.branding.title', canDelete: false },
      },
    ]);
  });
});

describe('variants and conditions', { timeout: 20_000 }, () => {
  const resource = declare(undefined);

  it('gives each variant its own create route', () => {
    expect(createRoutes(resource)).toEqual([
      { route: 'new', variant: 'article' },
      { route: 'new-link', variant: 'link' },
    ]);
  });

  it('asks a variant for its own fields and not for its discriminator', async () => {
    renderForm(
      resource,
      '/g/new-link',
      <ResourceForm resource={resource} action="create" variant="link" />,
    );
    expect(await screen.findByLabelText('Address')).toBeInTheDocument();
    expect(screen.queryByLabelText('Type')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'New Link page' })).toBeInTheDocument();
  });

  it('hides another variant’s fields and shows a conditional one when it applies', async () => {
    renderForm(
      resource,
      '/g/new',
      <ResourceForm resource={resource} action="create" variant="article" />,
    );
    const title = await screen.findByLabelText('Title');
    expect(screen.queryByLabelText('Address')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Note')).not.toBeInTheDocument();
    fireEvent.change(title, { target: { value: 'Noted' } });
    expect(await screen.findByLabelText('Note')).toBeInTheDocument();
  });
});

describe('tabs', { timeout: 20_000 }, () => {
  const resource = declare({
    tabs: [
      { key: 'general', fields: ['title', 'type', 'address'] },
      { key: 'design', fields: ['styling'] },
    ],
  });

  it('edits in tabs and brings the tab with an error to the front', async () => {
    const stored = renderForm(
      resource,
      '/g/1/edit',
      <ResourceForm resource={resource} action="edit" />,
      [
        {
          id: 1,
          title: 'Spa',
          type: 'link',
          address: 'https://spa.example',
          styling: { background: 'nope' },
        },
      ],
    );
    expect(await screen.findByRole('tab', { name: 'General' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await waitFor(() => expect(screen.getByLabelText('Title')).toHaveValue('Spa'));
    // The variant of a stored record is shown, not changed.
    expect(screen.getByLabelText('Type')).toBeDisabled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const design = await screen.findByRole('tab', { name: /Design/ });
    await waitFor(() => expect(design).toHaveAttribute('aria-selected', 'true'));
    expect(within(design).getByText('(has errors)')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Background'), { target: { value: '#abcdef' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(stored[0]).toMatchObject({ styling: { background: '#abcdef' } }));
  });
});
