import { Refine, type CrudFilter, type CrudSort, type DataProvider } from '@refinedev/core';
import { render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { testI18n } from './testI18n';
import PagePreview from '../../src/features/pages/PagePreview';
import { renderFirstPage } from '../../src/features/pages/preview/pdf';
import { http } from '../../src/providers/http';

// pdf.js needs a real canvas and a worker: the drawing is replaced, the component's handling of
// its outcome is what is tested here.
vi.mock('../../src/features/pages/preview/pdf', () => ({ renderFirstPage: vi.fn() }));

let i18n: I18n;

beforeAll(async () => {
  i18n = await testI18n();
});

beforeEach(() => {
  // The original name of an uploaded file (GET /uploads?url=…).
  vi.spyOn(http, 'get').mockResolvedValue({
    data: [{ id: 1, url: '/uploads/files/1/a1b2.pdf', name: 'Spa menu.pdf', size: 1, type: '' }],
    status: 200,
    headers: new Headers(),
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.mocked(renderFirstPage).mockReset();
});

const setValue = vi.fn();

function preview(values: Record<string, unknown>, id?: number) {
  const view = (next: Record<string, unknown>) => (
    <I18nextProvider i18n={i18n}>
      <PagePreview values={next} setValue={setValue} id={id} />
    </I18nextProvider>
  );
  const result = render(view(values));
  return { ...result, update: (next: Record<string, unknown>) => result.rerender(view(next)) };
}

const region = () => screen.getByRole('region', { name: 'Guest app preview' });
const screenOf = () => screen.getByTestId('page-preview-screen');
const subpages = () => within(region()).getByRole('list', { name: 'Subpages' });
/** The tiles' titles as shown (the placeholder's initial is decorative). */
const titles = () =>
  within(subpages())
    .getAllByRole('listitem')
    .map((tile) => tile.querySelector('.page-preview-tile-title')?.textContent);

describe('page preview', () => {
  it('shows the title in the page’s colours and font', () => {
    preview({
      title: 'Welcome to the Harbour Hotel',
      description: 'All you need to know',
      styling: {
        background: '#102030',
        titleColor: '#ffcc00',
        buttonColor: '#00aa55',
        buttonTitleColor: '#000000',
        font: 'lora',
      },
    });
    const heading = within(region()).getByRole('heading', {
      name: 'Welcome to the Harbour Hotel',
    });
    expect(heading).toHaveClass('page-preview-title');
    expect(within(region()).getByText('All you need to know')).toBeInTheDocument();
    const style = screenOf().style;
    expect(style.getPropertyValue('--pp-background')).toBe('#102030');
    expect(style.getPropertyValue('--pp-title')).toBe('#ffcc00');
    expect(style.getPropertyValue('--pp-button')).toBe('#00aa55');
    expect(style.getPropertyValue('--pp-button-text')).toBe('#000000');
    // Light text on a dark background.
    expect(style.getPropertyValue('--pp-text')).toBe('#f4f6f8');
    expect(style.fontFamily).toMatch(/^'?"?Lora/);
  });

  it('falls back to the declared styling and shows placeholders, never "undefined"', () => {
    preview({ styling: { background: '#12', font: 'comic-sans' } });
    expect(within(region()).getByRole('heading', { name: 'Page title' })).toBeInTheDocument();
    expect(
      within(region()).getByText('The content of the page shows here as you write it.'),
    ).toBeInTheDocument();
    const style = screenOf().style;
    expect(style.getPropertyValue('--pp-background')).toBe('#ffffff');
    expect(style.fontFamily).toMatch(/Public Sans/);
    // A new page shows three example subpages in the chosen template.
    expect(titles()).toEqual(['Subpage 1', 'Subpage 2', 'Subpage 3']);
    expect(region().textContent).not.toMatch(/undefined|null|NaN/);
  });

  it('shows the cover with an alt text, resolved against the API', () => {
    preview({ title: 'Spa', cover: '/uploads/files/1/cover.png' });
    const cover = within(region()).getByRole('img', { name: 'Cover image of Spa' });
    expect(cover).toHaveAttribute('src', '/api/uploads/files/1/cover.png');
  });

  it('sanitises the body: no script, no handlers; uploaded images load from the API', async () => {
    const { update } = preview({ type: 'content', body: '<p>First</p>' });
    expect(within(region()).getByText('First')).toBeInTheDocument();
    update({
      type: 'content',
      body:
        '<h2>Breakfast</h2><p onclick="alert(1)">Served <strong>daily</strong></p>' +
        '<script>window.pwned = true</script><img src="/uploads/files/1/eggs.png" alt="Eggs" ' +
        'onerror="window.pwned = true"><a href="javascript:alert(1)">bad</a>',
    });
    // Sanitising waits for typing to pause.
    const heading = await within(region()).findByRole('heading', { name: 'Breakfast' });
    const body = heading.closest('.page-preview-body')!;
    expect(body.querySelector('script')).toBeNull();
    expect(body.innerHTML).not.toMatch(/pwned|onclick|onerror|javascript:/);
    expect(within(region()).getByRole('img', { name: 'Eggs' })).toHaveAttribute(
      'src',
      '/api/uploads/files/1/eggs.png',
    );
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('embeds only https addresses, sandboxed', async () => {
    const { update } = preview({ type: 'iframe', iframe: 'http://maps.example.com/harbour' });
    expect(within(region()).queryByTitle(/Embedded page/)).toBeNull();
    expect(
      within(region()).getByText('Only addresses starting with https:// are shown.'),
    ).toBeInTheDocument();
    update({ type: 'iframe', iframe: 'javascript:alert(1)' });
    update({ type: 'iframe', iframe: 'https://maps.example.com/harbour' });
    const frame = await within(region()).findByTitle('Embedded page: maps.example.com');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://maps.example.com/harbour');
    expect(frame).toHaveAttribute('sandbox', 'allow-scripts allow-same-origin');
    expect(frame).toHaveAttribute('referrerpolicy', 'no-referrer');
    expect(frame).toHaveAttribute('loading', 'lazy');
  });

  it('lays the subpages out in the chosen template', () => {
    const { update } = preview({ template: 'rows' });
    expect(subpages()).toHaveClass('page-preview-subpages--rows');
    for (const template of ['masonry', 'vertical', 'bubbles']) {
      update({ template });
      expect(subpages()).toHaveClass(`page-preview-subpages--${template}`);
      expect(subpages()).toHaveAttribute('data-template', template);
    }
    // Masonry tiles differ in height; the others are sized by their template.
    update({ template: 'masonry' });
    const heights = within(subpages())
      .getAllByRole('listitem')
      .map((tile) => tile.style.height);
    expect(new Set(heights).size).toBeGreaterThan(1);
  });

  it('draws the first page of a PDF, with its name and a button that opens it', async () => {
    const canvas = document.createElement('canvas');
    vi.mocked(renderFirstPage).mockResolvedValue({ canvas, width: 595, height: 842 });
    preview({ type: 'pdf', pdf: '/uploads/files/1/a1b2.pdf' });
    const page = await within(region()).findByRole('img', { name: 'First page of Spa menu.pdf' });
    await waitFor(() => expect(page).toContainElement(canvas));
    expect(page).toHaveStyle({ aspectRatio: '595 / 842' });
    expect(renderFirstPage).toHaveBeenCalledWith(
      '/api/uploads/files/1/a1b2.pdf',
      expect.any(Number),
      expect.any(AbortSignal),
    );
    expect(within(region()).getByRole('link', { name: 'Open PDF' })).toHaveAttribute(
      'href',
      '/api/uploads/files/1/a1b2.pdf',
    );
  });

  it('shows a tile with the file name when the PDF cannot be drawn', async () => {
    vi.mocked(renderFirstPage).mockRejectedValue(new Error('Invalid PDF structure'));
    vi.mocked(http.get).mockRejectedValue(new Error('offline'));
    preview({ type: 'pdf', pdf: '/uploads/files/1/menu%20card.pdf' });
    expect(
      await within(region()).findByText('The preview of this PDF could not be shown.'),
    ).toBeInTheDocument();
    expect(within(region()).getAllByText('menu card.pdf').length).toBeGreaterThan(0);
    expect(within(region()).queryByRole('img', { name: /First page/ })).toBeNull();
    expect(within(region()).getByRole('link', { name: 'Open PDF' })).toBeInTheDocument();
  });

  it('asks for a PDF while there is none', () => {
    preview({ type: 'pdf' });
    expect(
      within(region()).getByText('Upload a PDF to see its first page here.'),
    ).toBeInTheDocument();
    expect(renderFirstPage).not.toHaveBeenCalled();
  });
});

describe('page preview of a stored page', () => {
  const stored = [
    { id: 1, title: 'House rules', parentId: null, position: 0, published: true },
    { id: 3, title: 'Quiet hours', parentId: 1, position: 2, published: false },
    {
      id: 2,
      title: 'Check-out',
      parentId: 1,
      position: 1,
      published: true,
      cover: '/uploads/files/1/c.png',
    },
    { id: 4, title: 'Elsewhere', parentId: 9, position: 0, published: true },
  ];
  const asked: { filters?: CrudFilter[]; sorters?: CrudSort[] }[] = [];

  /** A backend in memory answering lists with the `eq` filters and the sort asked for. */
  const dataProvider: DataProvider = {
    getApiUrl: () => '',
    getList: async ({ filters, sorters }) => {
      asked.push({ filters, sorters });
      let rows = stored.filter((row) =>
        (filters ?? []).every(
          (filter) =>
            !('field' in filter) ||
            row[filter.field as keyof typeof row] === (filter.value as unknown),
        ),
      );
      const sorter = sorters?.[0];
      if (sorter) {
        const field = sorter.field as 'position';
        rows = [...rows].sort((a, b) => (a[field] - b[field]) * (sorter.order === 'asc' ? 1 : -1));
      }
      return { data: rows as never[], total: rows.length };
    },
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
  };

  const withRefine = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <Refine
        dataProvider={dataProvider}
        resources={[{ name: 'pages' }]}
        options={{ disableTelemetry: true }}
      >
        {children}
      </Refine>
    </I18nextProvider>
  );

  it('shows the page’s own subpages in their order, drafts marked', async () => {
    render(
      withRefine(
        <PagePreview
          values={{ title: 'House rules', template: 'vertical' }}
          setValue={setValue}
          id={1}
        />,
      ),
    );
    await within(region()).findByText('Check-out');
    const list = subpages();
    expect(list).toHaveClass('page-preview-subpages--vertical');
    const tiles = within(list).getAllByRole('listitem');
    expect(titles()).toEqual(['Check-out', 'Quiet hoursDraft']);
    expect(tiles[1]).toHaveClass('page-preview-tile--draft');
    expect(
      within(tiles[0]!).getByRole('img', { name: 'Cover image of Check-out' }),
    ).toHaveAttribute('src', '/api/uploads/files/1/c.png');
    expect(asked.at(-1)).toEqual({
      filters: [{ field: 'parentId', operator: 'eq', value: 1 }],
      sorters: [{ field: 'position', order: 'asc' }],
    });
    expect(within(region()).queryByText(/^Subpage \d$/)).toBeNull();
  });

  it('says so when the page has no subpages yet', async () => {
    render(
      withRefine(
        <PagePreview
          values={{ title: 'Elsewhere', template: 'bubbles' }}
          setValue={setValue}
          id={4}
        />,
      ),
    );
    expect(
      await within(region()).findByText('No subpages yet. They will show here as: Bubbles.'),
    ).toBeInTheDocument();
  });
});
