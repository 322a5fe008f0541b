import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { installFakeApi, type FakeAnswer, type Received } from './fakeApi';
import { testI18n, withI18n } from './testI18n';
import FileInput from '../../src/crud/kinds/upload/FileInput';
import ImageInput from '../../src/crud/kinds/upload/ImageInput';
import { FileValue, ImageValue } from '../../src/crud/kinds/upload/UploadValue';
import type { InputProps } from '../../src/crud/kinds/types';
import nl from '../../src/i18n/locales/nl.json';
import { clearToken, setToken } from '../../src/providers/session';
import * as f from '../../src/schema/fields';
import type { UploadField } from '../../src/schema/fields';
import { FieldInput } from '../../src/crud/widgets';

let i18n: I18n;

beforeAll(async () => {
  i18n = await testI18n({ nl });
});

const wrapper = withI18n(() => i18n);

// What "the server" answers, and what reached it (see fakeApi).
type Answer = FakeAnswer | Promise<FakeAnswer>;
let answer: (request: Received) => Answer = () => ({ status: 404, data: [] });
const api = installFakeApi();
const received = api.received;

beforeAll(() => {
  api.answer((request) => answer(request));
  // Uploads are made signed in (without a session the client sends no protected call).
  setToken('signed-in');
});
afterEach(() => {
  received.length = 0;
  answer = () => ({ status: 404, data: [] });
});
afterAll(() => {
  api.uninstall();
  clearToken();
});

const PNG = () =>
  new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'pixel.png', { type: 'image/png' });

/** A form row as the generic form renders it: a label for the input's id, the input, the value. */
function Harness(props: {
  kind: 'image' | 'file';
  initial?: string;
  overrides?: Partial<InputProps>;
  field?: UploadField;
}) {
  const [value, setValue] = useState<unknown>(props.initial ?? '');
  const [blurred, setBlurred] = useState(0);
  const inputProps: InputProps = {
    id: 'field-image',
    value,
    onChange: setValue,
    onBlur: () => setBlurred((n) => n + 1),
    'aria-invalid': false,
    optionLabel: (text) => text,
    ...props.overrides,
  };
  const Input = props.kind === 'image' ? ImageInput : FileInput;
  return (
    <div>
      <label htmlFor="field-image">{props.kind === 'image' ? 'Image' : 'Menu'}</label>
      <Input
        PartInput={FieldInput}
        field={props.field ?? (props.kind === 'image' ? f.image() : f.file())}
        props={inputProps}
      />
      <output data-testid="value">{String(value)}</output>
      <output data-testid="blurred">{blurred}</output>
    </div>
  );
}

const storedValue = () => screen.getByTestId('value').textContent;

describe('ImageInput', () => {
  it('offers a drop zone whose file input the field label names', () => {
    render(<Harness kind="image" />, { wrapper });
    const input = screen.getByLabelText('Image');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/*');
    // The drop zone is a keyboard-reachable button with a name.
    const zone = screen.getByRole('button', { name: /Drop an image here or click to choose one/ });
    expect(zone).toHaveAttribute('tabindex', '0');
  });

  it('previews a stored image from the API and shows its name and size', async () => {
    answer = (request) =>
      request.url.startsWith('/api/uploads?url=')
        ? {
            status: 200,
            data: [
              {
                id: 1,
                url: '/uploads/files/3/A.png',
                name: 'terrace.png',
                size: 48_213,
                type: 'image/png',
              },
            ],
          }
        : { status: 404, data: {} };
    render(<Harness kind="image" initial="/uploads/files/3/A.png" />, { wrapper });
    const preview = await screen.findByRole('img', { name: 'Preview of terrace.png' });
    expect(preview).toHaveAttribute('src', '/api/uploads/files/3/A.png');
    expect(screen.getByText('terrace.png')).toBeInTheDocument();
    expect(screen.getByText('48 kB')).toBeInTheDocument();
    // Replace keeps the labelled file input; Remove names what it removes.
    expect(screen.getByLabelText('Image')).toHaveAttribute('type', 'file');
    expect(screen.getByRole('button', { name: 'Remove terrace.png' })).toBeInTheDocument();
  });

  it('uses an absolute address as it is, and never loads a script address', () => {
    const { unmount } = render(<Harness kind="image" initial="https://cdn.example.com/a.jpg" />, {
      wrapper,
    });
    expect(screen.getByRole('img', { name: 'Uploaded image' })).toHaveAttribute(
      'src',
      'https://cdn.example.com/a.jpg',
    );
    unmount();
    render(<Harness kind="image" initial="javascript:alert(1)" />, { wrapper });
    expect(document.querySelector('img')).toBeNull();
  });

  it('remove empties the field and brings the drop zone back', async () => {
    render(<Harness kind="image" initial="/uploads/files/3/B.png" />, { wrapper });
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(storedValue()).toBe('');
    expect(screen.getByTestId('blurred')).toHaveTextContent('1');
    expect(screen.getByRole('button', { name: /Drop an image here/ })).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('uploads a chosen image, shows progress, then the preview of the answered url', async () => {
    let finish!: (value: { status: number; data: unknown }) => void;
    answer = (request) =>
      request.method === 'POST'
        ? new Promise((resolve) => (finish = resolve))
        : { status: 200, data: [] };
    render(<Harness kind="image" overrides={{ ownerId: 4 }} />, { wrapper });
    await userEvent.upload(screen.getByLabelText('Image'), PNG());

    expect(await screen.findByText('Uploading…')).toBeInTheDocument();
    const [post] = received.filter((request) => request.method === 'POST');
    expect(post!.url).toBe('/api/uploads?kind=image');
    expect((post!.form!.get('file') as File).name).toBe('pixel.png');
    // An administrator's form uploads for the record's hotel.
    expect(post!.form!.get('ownerId')).toBe('4');

    await act(async () =>
      finish({
        status: 201,
        data: {
          id: 9,
          url: '/uploads/files/4/C.png',
          name: 'pixel.png',
          size: 4,
          type: 'image/png',
        },
      }),
    );
    expect(storedValue()).toBe('/uploads/files/4/C.png');
    expect(screen.getByTestId('blurred')).toHaveTextContent('1');
    expect(await screen.findByRole('img', { name: 'Preview of pixel.png' })).toHaveAttribute(
      'src',
      '/api/uploads/files/4/C.png',
    );
    expect(screen.queryByText('Uploading…')).not.toBeInTheDocument();
  });

  it("shows 'The images are too large' under the field when the server answers 413", async () => {
    answer = () => ({
      status: 413,
      data: { message: 'The images are too large', statusCode: 413 },
    });
    render(<Harness kind="image" />, { wrapper });
    await userEvent.upload(screen.getByLabelText('Image'), PNG());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The images are too large');
    expect(storedValue()).toBe('');
    // The input is described by the error, for screen readers.
    expect(screen.getByLabelText('Image')).toHaveAttribute('aria-describedby', alert.id);
    expect(screen.getByLabelText('Image')).toHaveAttribute('aria-invalid', 'true');
  });

  it('says when the hotel’s upload space is full (413 of the quota)', async () => {
    answer = () => ({
      status: 413,
      data: {
        message:
          "This hotel's upload space is full. Delete files it no longer uses, then try again.",
        statusCode: 413,
      },
    });
    render(<Harness kind="image" />, { wrapper });
    await userEvent.upload(screen.getByLabelText('Image'), PNG());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "This hotel's upload space is full. Delete files it no longer uses, then try again.",
    );
    expect(storedValue()).toBe('');
  });

  it('says when to try again after too many uploads (429 with Retry-After), in the interface language', async () => {
    answer = () => ({
      status: 429,
      headers: { 'Retry-After': '95' },
      data: { message: 'Too many uploads in a short time. Try again later.', statusCode: 429 },
    });
    render(<Harness kind="image" />, { wrapper });
    await userEvent.upload(screen.getByLabelText('Image'), PNG());
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many uploads in a short time. Try again in 2 min.',
    );
    await i18n.changeLanguage('nl');
    try {
      render(<Harness kind="image" />, { wrapper });
      await userEvent.upload(screen.getAllByLabelText('Image').at(-1)!, PNG());
      expect(
        await screen.findByText('Te veel uploads in korte tijd. Probeer het over 2 min opnieuw.'),
      ).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('says the too-large text in the interface language, also for a proxy’s 413 page', async () => {
    answer = () => ({ status: 413, data: '<html>413 Request Entity Too Large</html>' });
    await i18n.changeLanguage('nl');
    try {
      render(<Harness kind="image" />, { wrapper });
      await userEvent.upload(screen.getByLabelText('Image'), PNG());
      expect(await screen.findByRole('alert')).toHaveTextContent('De afbeeldingen zijn te groot');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the server’s message for a refused type', async () => {
    const message = 'Only PNG, JPEG, WebP and GIF images can be uploaded here';
    answer = () => ({ status: 415, data: { message, statusCode: 415 } });
    render(<Harness kind="image" />, { wrapper });
    await userEvent.upload(
      screen.getByLabelText('Image'),
      new File(['not a picture'], 'notes.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(storedValue()).toBe('');
  });

  it('shows a value but offers no upload to someone who may not change it', () => {
    render(
      <Harness kind="image" initial="/uploads/files/3/D.png" overrides={{ disabled: true }} />,
      {
        wrapper,
      },
    );
    expect(screen.getByRole('img', { name: 'Uploaded image' })).toHaveAttribute(
      'src',
      '/api/uploads/files/3/D.png',
    );
    expect(screen.queryByRole('button', { name: /Remove|Replace/ })).not.toBeInTheDocument();
  });
});

describe('FileInput', () => {
  it('shows the file’s name, size and a preview link that opens in a new tab', async () => {
    answer = (request) =>
      request.url === `/api/uploads?url=${encodeURIComponent('/uploads/files/3/E.pdf')}`
        ? {
            status: 200,
            data: [
              {
                id: 2,
                url: '/uploads/files/3/E.pdf',
                name: 'menu.pdf',
                size: 1_250_000,
                type: 'application/pdf',
              },
            ],
          }
        : { status: 404, data: {} };
    render(<Harness kind="file" initial="/uploads/files/3/E.pdf" />, { wrapper });
    expect(await screen.findByText('menu.pdf')).toBeInTheDocument();
    expect(screen.getByText('1.3 MB')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Preview of menu.pdf' });
    expect(link).toHaveAttribute('href', '/api/uploads/files/3/E.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', expect.stringContaining('noopener'));
  });

  it('names a file it cannot look up by its type, and remove clears it', async () => {
    render(<Harness kind="file" initial="/uploads/files/3/F.pdf" />, { wrapper });
    expect(await screen.findByText('PDF file')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Remove/ }));
    expect(storedValue()).toBe('');
    expect(screen.getByRole('button', { name: /Drop a file here/ })).toBeInTheDocument();
  });

  it('uploads with kind=file and accepts what the declaration accepts', async () => {
    answer = (request) =>
      request.method === 'POST'
        ? {
            status: 201,
            data: {
              id: 3,
              url: '/uploads/files/3/G.pdf',
              name: 'menu.pdf',
              size: 2048,
              type: 'application/pdf',
            },
          }
        : { status: 200, data: [] };
    render(<Harness kind="file" />, { wrapper });
    const input = screen.getByLabelText('Menu');
    expect(input).toHaveAttribute('accept', 'application/pdf');
    await userEvent.upload(input, new File(['%PDF-1.4'], 'menu.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(storedValue()).toBe('/uploads/files/3/G.pdf'));
    expect(received.find((request) => request.method === 'POST')!.url).toBe(
      '/api/uploads?kind=file',
    );
    expect(await screen.findByText('menu.pdf')).toBeInTheDocument();
    expect(screen.getByText('2 kB')).toBeInTheDocument();
  });
});

describe('upload hints (issue 27 item 18)', () => {
  it('state what a field takes and the size limit: a PDF field only PDFs', () => {
    const { unmount } = render(
      <Harness kind="file" field={f.file({ accept: 'application/pdf' })} />,
      {
        wrapper,
      },
    );
    expect(screen.getByText('A PDF, up to 5 MB')).toBeInTheDocument();
    expect(screen.queryByText(/PNG/)).toBeNull();
    unmount();
    render(<Harness kind="image" />, { wrapper });
    expect(screen.getByText('PNG, JPEG, WebP or GIF, up to 5 MB')).toBeInTheDocument();
  });

  it('in the interface language', async () => {
    await act(() => i18n.changeLanguage('nl'));
    try {
      render(<Harness kind="file" />, { wrapper });
      expect(screen.getByText('Een pdf, tot 5 MB')).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('ImageValue and FileValue', () => {
  const show = (node: ReactNode) => render(<div data-testid="cell">{node}</div>, { wrapper });

  it('shows a 40 px thumbnail in a list cell and a larger image on a show page', () => {
    const { unmount } = show(
      <ImageValue
        partView={() => null}
        field={f.image()}
        value="/uploads/files/3/H.png"
        optionLabel={String}
        mode="cell"
      />,
    );
    const thumb = screen.getByRole('img', { name: 'Uploaded image' });
    expect(thumb).toHaveAttribute('src', '/api/uploads/files/3/H.png');
    expect(thumb.style.width).toBe('40px');
    unmount();
    show(
      <ImageValue
        partView={() => null}
        field={f.image()}
        value="/uploads/files/3/H.png"
        optionLabel={String}
        mode="show"
      />,
    );
    expect(screen.getByRole('img', { name: 'Uploaded image' }).style.maxWidth).toBe('240px');
  });

  it('links a file by its name', async () => {
    answer = (request) =>
      request.url.includes(encodeURIComponent('/uploads/files/3/J.pdf'))
        ? {
            status: 200,
            data: [
              {
                id: 4,
                url: '/uploads/files/3/J.pdf',
                name: 'rates.pdf',
                size: 10,
                type: 'application/pdf',
              },
            ],
          }
        : { status: 404, data: {} };
    show(
      <FileValue
        partView={() => null}
        field={f.file()}
        value="/uploads/files/3/J.pdf"
        optionLabel={String}
        mode="show"
      />,
    );
    const link = await within(screen.getByTestId('cell')).findByRole('link', { name: 'rates.pdf' });
    expect(link).toHaveAttribute('href', '/api/uploads/files/3/J.pdf');
  });
});
