import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { i18n as I18n } from 'i18next';
import { testI18n, withI18n } from './testI18n';
import RichTextInput from '../../src/crud/kinds/richText/RichTextInput';
import RichTextValue from '../../src/crud/kinds/richText/RichTextValue';
import type { InputProps } from '../../src/crud/kinds/types';
import { http } from '../../src/providers/http';
import { richText } from '../../src/schema/fields';
import { FieldInput } from '../../src/crud/widgets';

let i18n: I18n;

beforeAll(async () => {
  i18n = await testI18n();
  // ProseMirror measures the selection to scroll it into view; jsdom has no layout.
  const rect = () => ({ x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0 });
  Range.prototype.getBoundingClientRect ??= () => rect() as DOMRect;
  Range.prototype.getClientRects ??= () => [] as unknown as DOMRectList;
  Element.prototype.scrollIntoView ??= () => undefined;
  document.elementFromPoint ??= () => null;
});

afterEach(() => vi.restoreAllMocks());

const wrapper = withI18n(() => i18n);

const field = richText();

/** The editor in a labelled form item, its value kept like react-hook-form keeps it. */
function Editor({
  initial,
  onChange,
  overrides = {},
}: {
  initial: string;
  onChange: (html: string) => void;
  overrides?: Partial<InputProps>;
}) {
  const [value, setValue] = useState(initial);
  return (
    <div>
      <label htmlFor="field-body">Body</label>
      <RichTextInput
        PartInput={FieldInput}
        field={field}
        props={{
          id: 'field-body',
          value,
          onChange: (next) => {
            setValue(next as string);
            onChange(next as string);
          },
          onBlur: () => undefined,
          'aria-invalid': false,
          optionLabel: (option) => option,
          ...overrides,
        }}
      />
      <button type="button" onClick={() => setValue('<p>Reset from outside</p>')}>
        Reset
      </button>
    </div>
  );
}

const textbox = () => screen.getByRole('textbox', { name: 'Body' });

/** Puts the cursor at the end of the document, as a click into the text would. */
function placeCursorAtEnd(element: HTMLElement) {
  // jsdom focuses only elements it knows as focusable; a browser focuses contenteditable ones.
  element.tabIndex = -1;
  act(() => element.focus());
  const range = document.createRange();
  range.selectNodeContents(element);
  range.collapse(false);
  const selection = window.getSelection()!;
  selection.removeAllRanges();
  selection.addRange(range);
  act(() => void document.dispatchEvent(new Event('selectionchange')));
}

// ProseMirror, antd's dialogs and jsdom together are slow when the whole suite runs at once.
describe('RichTextInput', { timeout: 20000 }, () => {
  it('shows the value in an editable textbox reached through the form label', () => {
    render(
      <Editor initial="<h2>Breakfast</h2><p>Every <strong>day</strong></p>" onChange={vi.fn()} />,
      {
        wrapper,
      },
    );
    const box = textbox();
    expect(box).toHaveAttribute('id', 'field-body');
    expect(box).toHaveAttribute('contenteditable', 'true');
    expect(box).toHaveAttribute('aria-multiline', 'true');
    expect(box).toHaveAttribute('aria-invalid', 'false');
    expect(box.querySelector('h2')).toHaveTextContent('Breakfast');
    expect(box.querySelector('strong')).toHaveTextContent('day');
    expect(screen.getByRole('toolbar', { name: 'Text formatting' })).toBeInTheDocument();
  });

  it('turns the paragraph at the cursor into a heading and sends the HTML', async () => {
    const onChange = vi.fn();
    render(<Editor initial="<p>Breakfast</p>" onChange={onChange} />, { wrapper });
    placeCursorAtEnd(textbox());
    const heading = screen.getByRole('button', { name: 'Heading' });
    expect(heading).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(heading);
    expect(onChange).toHaveBeenLastCalledWith('<h2>Breakfast</h2>');
    await waitFor(() => expect(heading).toHaveAttribute('aria-pressed', 'true'));
    // Undo and Redo (history steps depend on the clock: one change per step here).
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(onChange).toHaveBeenLastCalledWith('<p>Breakfast</p>');
    await waitFor(() => expect(heading).toHaveAttribute('aria-pressed', 'false'));
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(onChange).toHaveBeenLastCalledWith('<h2>Breakfast</h2>');

    fireEvent.click(screen.getByRole('button', { name: 'Bulleted list' }));
    // A list item holds paragraphs: the heading becomes one.
    expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Breakfast</p></li></ul>');
  });

  it('sends what is typed as HTML', async () => {
    const onChange = vi.fn();
    render(<Editor initial="<p>Pool</p>" onChange={onChange} />, { wrapper });
    const box = textbox();
    placeCursorAtEnd(box);
    // jsdom has no editing of its own: the text arrives as the browser would report it, a
    // change of the DOM that ProseMirror reads back.
    const paragraph = box.querySelector('p')!;
    await act(async () => {
      paragraph.firstChild!.textContent = 'Pool and sauna';
      await new Promise((resolve) => setTimeout(resolve, 50));
    });
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>Pool and sauna</p>'));
  });

  it('sends an empty string, not an empty paragraph, for an empty document', () => {
    const onChange = vi.fn();
    render(<Editor initial="" onChange={onChange} />, { wrapper });
    expect(textbox().textContent).toBe('');
    placeCursorAtEnd(textbox());
    // An empty heading is still an empty document.
    fireEvent.click(screen.getByRole('button', { name: 'Heading' }));
    expect(onChange).not.toHaveBeenCalled();

    render(<Editor initial="<p>Text</p>" onChange={onChange} />, { wrapper });
    const [, second] = screen.getAllByRole('textbox', { name: 'Body' });
    placeCursorAtEnd(second);
    fireEvent.click(screen.getAllByRole('button', { name: 'Bulleted list' })[1]);
    expect(onChange).toHaveBeenLastCalledWith('<ul><li><p>Text</p></li></ul>');
  });

  it('takes a value from outside (a form reset) without sending it back', async () => {
    const onChange = vi.fn();
    render(<Editor initial="<p>Typed</p>" onChange={onChange} />, { wrapper });
    fireEvent.click(screen.getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect(textbox()).toHaveTextContent('Reset from outside'));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('cannot be changed when disabled', () => {
    render(<Editor initial="<p>Fixed</p>" onChange={vi.fn()} overrides={{ disabled: true }} />, {
      wrapper,
    });
    expect(textbox()).toHaveAttribute('contenteditable', 'false');
    expect(screen.getByRole('button', { name: 'Bold' })).toBeDisabled();
  });

  it('inserts a link to an http(s) address at the cursor, and refuses javascript:', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Editor initial="<p>Menu</p>" onChange={onChange} />, { wrapper });
    placeCursorAtEnd(textbox());
    await user.click(screen.getByRole('button', { name: 'Link' }));
    const address = await screen.findByLabelText('Link address');
    fireEvent.change(address, { target: { value: 'javascript:alert(1)' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText(/Enter an address that starts with https/)).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    // Without a scheme, an address is https.
    fireEvent.change(address, { target: { value: 'example.com/menu' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<p>Menu<a target="_blank" rel="noopener noreferrer" href="https://example.com/menu">https://example.com/menu</a></p>',
    );
  });

  it('inserts an uploaded image and shows it from the API', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    // The one request the editor makes: the API's answer to an upload.
    vi.spyOn(http, 'post').mockResolvedValue({
      data: { url: '/uploads/files/3/AAAAAAAAAAAAAAAAAAAAAA.png', name: 'pool.png' },
      status: 201,
      headers: new Headers(),
    });
    render(<Editor initial="<p>Pool</p>" onChange={onChange} overrides={{ ownerId: 3 }} />, {
      wrapper,
    });
    placeCursorAtEnd(textbox());
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'pool.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Upload image'), file);
    expect(
      await screen.findByDisplayValue('/uploads/files/3/AAAAAAAAAAAAAAAAAAAAAA.png'),
    ).toBeInTheDocument();
    const [url, body] = vi.mocked(http.post).mock.calls[0] as [string, FormData];
    expect(url).toBe('/api/uploads?kind=image');
    expect(body.get('ownerId')).toBe('3');
    expect(body.get('file')).toBeInstanceOf(File);

    fireEvent.change(screen.getByLabelText('Description for screen readers'), {
      target: { value: 'The pool' },
    });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith(
      '<p>Pool</p><img src="/uploads/files/3/AAAAAAAAAAAAAAAAAAAAAA.png" alt="The pool">',
    );
    expect(textbox().querySelector('img')).toHaveAttribute(
      'src',
      '/api/uploads/files/3/AAAAAAAAAAAAAAAAAAAAAA.png',
    );
  });

  it('says the spec’s words when an upload is too large', async () => {
    const user = userEvent.setup();
    vi.spyOn(http, 'post').mockRejectedValue({ statusCode: 413, message: 'Payload too large' });
    render(<Editor initial="<p>Pool</p>" onChange={vi.fn()} />, { wrapper });
    await user.click(screen.getByRole('button', { name: 'Image' }));
    const file = new File([new Uint8Array(10)], 'big.png', { type: 'image/png' });
    await user.upload(await screen.findByLabelText('Upload image'), file);
    expect(await screen.findByText('The images are too large')).toBeInTheDocument();
  });
});

describe('RichTextValue', () => {
  it('shows the sanitised HTML on a show page, without scripts or event handlers', () => {
    const { container } = render(
      <RichTextValue
        partView={() => null}
        field={field}
        mode="show"
        optionLabel={(option) => option}
        value={
          '<h2>Pool</h2><script>window.hacked = true</script>' +
          '<p onclick="alert(1)">Open <a href="javascript:alert(1)">daily</a></p>' +
          '<img src="x" onerror="window.hacked = true">' +
          '<img src="/uploads/files/3/pool.png" alt="The pool">' +
          '<a href="https://example.com" target="_blank">Rules</a>'
        }
      />,
      { wrapper },
    );
    const shown = container.querySelector('.rich-text')!;
    expect(shown.querySelector('h2')).toHaveTextContent('Pool');
    expect(shown.querySelector('script')).toBeNull();
    expect(shown.innerHTML).not.toMatch(/onerror|onclick|javascript:/);
    expect(screen.getByText('daily')).not.toHaveAttribute('href');
    expect(screen.getByRole('img', { name: 'The pool' })).toHaveAttribute(
      'src',
      '/api/uploads/files/3/pool.png',
    );
    expect(screen.getByRole('link', { name: 'Rules' })).toHaveAttribute(
      'rel',
      'noopener noreferrer',
    );
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
  });

  it('shows one line of plain text in a list cell', () => {
    render(
      <RichTextValue
        partView={() => null}
        field={field}
        mode="cell"
        optionLabel={(option) => option}
        value="<h2>Breakfast</h2><p>Served <strong>daily</strong> &amp; fresh</p><script>x()</script>"
      />,
      { wrapper },
    );
    expect(screen.getByText('Breakfast Served daily & fresh')).toBeInTheDocument();
  });

  it('cuts a long text at about 80 characters', () => {
    const long = `<p>${'word '.repeat(40)}</p>`;
    render(
      <RichTextValue
        field={field}
        partView={() => null}
        mode="cell"
        optionLabel={(option) => option}
        value={long}
      />,
      { wrapper },
    );
    const cell = screen.getByTitle('word '.repeat(40).trim());
    expect(cell.textContent!.length).toBeLessThanOrEqual(81);
    expect(cell.textContent).toMatch(/word…$/);
  });
});
