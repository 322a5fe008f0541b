import type { AccessControlProvider } from '@refinedev/core';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { Profiler, type ComponentType, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderInRefine } from './refineHarness';
import { testI18nWithResources } from './testI18n';
import { widgets } from '../../src/crud/kinds/registry';
import type { KindInputProps, KindValueProps } from '../../src/crud/kinds/types';
import ResourceForm from '../../src/crud/ResourceForm';
import ResourceList from '../../src/crud/ResourceList';
import { owner } from '../../src/schema/access';
import { boolean, group, number, reference, select, text, textarea } from '../../src/schema/fields';
import type { FieldKind } from '../../src/schema/fields';
import { defineResource, type Resource } from '../../src/schema/resource';

/**
 * How much React renders while a person types in a form and while a list loads: each field's
 * input and each list cell counts its renders (the kinds' registry wraps them), and a Profiler
 * counts the commits. Typing in one field must not render the others; a list cell renders about
 * once per row, not once per query that settles.
 */

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18nWithResources({
    rooms: {
      title: 'Rooms',
      singular: 'Room',
      fields: {
        name: 'Name',
        code: 'Code',
        floor: 'Floor',
        view: 'View',
        open: 'Open',
        note: 'Note',
        description: 'Description',
        secret: 'Secret',
        beds: 'Beds',
        building: 'Building',
        area: 'Area',
      },
      groups: { size: 'Size' },
      options: { view: { sea: 'Sea', garden: 'Garden' } },
    },
  });
});

const rooms = defineResource({
  name: 'rooms',
  route: 'rooms',
  access: owner(),
  labelField: 'name',
  fields: {
    name: text({ required: true, list: { sort: true } }),
    code: text(),
    floor: number(),
    view: select({ options: ['sea', 'garden'], list: { filter: true } }),
    open: boolean(),
    note: text(),
    description: textarea(),
    size: group({ of: { beds: number(), area: number() } }),
    // Its labels load after the rows (a late answer, as the owner column's for administrators).
    building: reference({ resource: 'rooms', labelField: 'name', list: { filter: false } }),
    // Shown once the name says so: the declaration's condition reads the record as it stands.
    secret: text({
      condition: (record: Readonly<Record<string, unknown>>) => record.name === 'Secret',
    }),
  },
}) as unknown as Resource;

const ROWS = 10;
const stored = Array.from({ length: ROWS }, (_, index) => ({
  id: index + 1,
  name: `Room ${index + 1}`,
  code: `R${index + 1}`,
  floor: index % 3,
  view: index % 2 ? 'sea' : 'garden',
  open: index % 2 === 0,
  note: '',
  description: '',
  ownerId: 7,
  building: 1,
}));

// Answers after the rows, as the dashboard's may (it first asks who is signed in): the rights
// show in the rows' actions without drawing the other cells again.
const accessControl: AccessControlProvider = {
  can: () => new Promise((resolve) => setTimeout(() => resolve({ can: true }), 100)),
};

/** Renders per field input (by its id) and per list cell kind, counted by wrapped widgets. */
const counts = new Map<string, number>();
const count = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
const registry = widgets as unknown as Record<
  FieldKind,
  { Input: ComponentType<KindInputProps>; Value?: ComponentType<KindValueProps> }
>;
const originals = new Map(Object.entries(registry).map(([kind, w]) => [kind, { ...w }]));
beforeAll(() => {
  for (const kind of ['text', 'textarea', 'number', 'select', 'boolean'] as const) {
    const { Input, Value } = originals.get(kind)!;
    registry[kind].Input = function CountedInput(props: KindInputProps) {
      count(`input:${props.props.id}`);
      return <Input {...props} />;
    };
    if (Value)
      registry[kind].Value = function CountedValue(props: KindValueProps) {
        count(`cell:${kind}`);
        return <Value {...props} />;
      };
  }
});
afterAll(() => {
  for (const [kind, original] of originals) Object.assign(registry[kind as FieldKind], original);
});

// A 1280 px wide window: the list shows its whole table (setup.ts's stand-in matches nothing).
const matchMedia = window.matchMedia;
beforeAll(() => {
  window.matchMedia = (query: string) => {
    const min = /min-width:\s*(\d+)/.exec(query);
    const max = /max-width:\s*(\d+)/.exec(query);
    const matches = (!min || 1280 >= Number(min[1])) && (!max || 1280 <= Number(max[1]));
    return { ...matchMedia(query), matches };
  };
});
afterAll(() => {
  window.matchMedia = matchMedia;
});

/** Commits and the time React spent rendering, from a Profiler around the page. */
const profile = { commits: 0, ms: 0 };

function renderPage(path: string, element: ReactNode) {
  renderInRefine(
    <Profiler
      id="page"
      onRender={(_id, _phase, actual) => {
        profile.commits += 1;
        profile.ms += actual;
      }}
    >
      <Routes>
        <Route path="/dashboard/rooms/list" element={element} />
        <Route path="/dashboard/rooms/new" element={element} />
        <Route path="/dashboard/rooms/:id/edit" element={element} />
      </Routes>
    </Profiler>,
    {
      i18n: () => i18n,
      path,
      stored,
      accessControlProvider: accessControl,
      resources: [
        {
          name: 'rooms',
          list: '/dashboard/rooms/list',
          create: '/dashboard/rooms/new',
          edit: '/dashboard/rooms/:id/edit',
        },
      ],
    },
  );
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 300)));
const reset = () => {
  counts.clear();
  profile.commits = 0;
  profile.ms = 0;
};
const report = (what: string) =>
  console.info(
    `${what}: ${profile.commits} commits, ${profile.ms.toFixed(0)} ms rendering;`,
    Object.fromEntries([...counts].sort()),
  );

describe('typing in a form', { timeout: 60_000 }, () => {
  it('renders only the field typed in (and a field whose condition it changes)', async () => {
    renderPage('/dashboard/rooms/1/edit', <ResourceForm resource={rooms} action="edit" />);
    const name = await screen.findByLabelText('Name', undefined, { timeout: 10_000 });
    await waitFor(() => expect(name).toHaveValue('Room 1'));
    await settle();
    reset();
    const typed = 'Secret0123';
    for (let index = 1; index <= typed.length; index++) {
      fireEvent.change(name, { target: { value: typed.slice(0, index) } });
    }
    await settle();
    report('10 keys in Name');
    expect(name).toHaveValue(typed);
    // "Secret" showed the conditional field for a moment; "Secret0…" hides it again.
    expect(screen.queryByLabelText('Secret')).not.toBeInTheDocument();
    expect(counts.get('input:field-name')).toBeGreaterThanOrEqual(10);
    expect(counts.get('input:field-name')).toBeLessThanOrEqual(12);
    for (const other of ['code', 'floor', 'view', 'open', 'note', 'description', 'size-beds']) {
      expect(counts.get(`input:field-${other}`) ?? 0, other).toBe(0);
    }
    // The conditional field mounts once and unmounts once.
    expect(counts.get('input:field-secret') ?? 0).toBeLessThanOrEqual(2);
  });

  it('still shows a conditional field, validation under the field, and saves', async () => {
    renderPage('/dashboard/rooms/1/edit', <ResourceForm resource={rooms} action="edit" />);
    const name = await screen.findByLabelText('Name', undefined, { timeout: 10_000 });
    await waitFor(() => expect(name).toHaveValue('Room 1'));
    fireEvent.change(name, { target: { value: 'Secret' } });
    expect(await screen.findByLabelText('Secret')).toBeInTheDocument();
    fireEvent.change(name, { target: { value: '' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.queryByLabelText('Secret')).not.toBeInTheDocument();
  });
});

describe('a list', { timeout: 90_000 }, () => {
  it('renders each cell about once per row on first load, and not while the search is typed', async () => {
    reset();
    renderPage('/dashboard/rooms/list', <ResourceList resource={rooms} />);
    await screen.findByRole('link', { name: `Room ${ROWS}` }, { timeout: 10_000 });
    // Every late answer (rights, labels, currency) is in.
    await screen.findAllByRole('button', { name: /^Delete Room/ }, { timeout: 10_000 });
    await settle();
    report(`first load, ${ROWS} rows`);
    expect(screen.getAllByText('Sea')).toHaveLength(ROWS / 2);
    // The reference's label came after the rows.
    expect(screen.getAllByText('Room 1')).toHaveLength(ROWS + 1);
    // One render per row: the late answers (rights, labels) leave the drawn cells alone.
    expect(counts.get('cell:select')).toBe(ROWS);
    expect(counts.get('cell:boolean')).toBe(ROWS);

    reset();
    const search = screen.getByRole('searchbox', { name: 'Search' });
    for (const key of 'room 1 sea'.split('')) {
      fireEvent.change(search, {
        target: { value: `${(search as HTMLInputElement).value}${key}` },
      });
    }
    await settle();
    report('10 keys in the search');
    expect(counts.get('cell:select') ?? 0).toBe(0);
  });
});
