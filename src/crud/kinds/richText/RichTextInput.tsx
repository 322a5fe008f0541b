import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  PictureOutlined,
  RedoOutlined,
  UndoOutlined,
  UnorderedListOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import type { HttpError } from '@refinedev/core';
import Image from '@tiptap/extension-image';
import type { Node as ProseMirrorNode } from '@tiptap/pm/model';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Form, Input, Modal, Space, Tooltip, Typography } from 'antd';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { apiUrl, http } from '../../../providers/http';
import type { TextField } from '../../../schema/fields';
import { isSafeImageSource, isSafeLinkHref, NEW_WINDOW_REL } from '../../../schema/richText';
import { UPLOAD_QUOTA_MESSAGE } from '../../../schema/uploads';
import { uploadErrorText, uploadLimitText } from '../upload/uploadUrl';
import type { KindInputProps } from '../types';
import { imageUrl } from './imageUrl';
import { useRichTextStyle } from './theme';
import './richText.css';

/**
 * The rich text editor: TipTap (ProseMirror) limited to what the allowlist of
 * src/schema/richText.ts keeps — headings 2 to 4, bold, italic, underline, strike, lists, links,
 * images, quotes, rules and line breaks. Its value is HTML, '' for an empty document. Loaded
 * lazily: TipTap comes in with this file only.
 */

/** An image shows an upload from the API's address; the HTML keeps the `/uploads/files/…` path. */
const RichImage = Image.extend({
  addNodeView() {
    return ({ node }) => {
      const dom = document.createElement('img');
      const show = (current: ProseMirrorNode) => {
        dom.setAttribute('src', imageUrl(String(current.attrs.src ?? '')));
        for (const name of ['alt', 'width', 'height']) {
          const value: unknown = current.attrs[name];
          if (value === null || value === undefined || value === '') dom.removeAttribute(name);
          else dom.setAttribute(name, String(value));
        }
      };
      show(node);
      return {
        dom,
        update: (updated: ProseMirrorNode) => {
          if (updated.type !== node.type) return false;
          show(updated);
          return true;
        },
      };
    };
  },
});

const EXTENSIONS = [
  StarterKit.configure({
    heading: { levels: [2, 3, 4] },
    // Not in the allowlist: the server would unwrap them.
    code: false,
    codeBlock: false,
    // Would add an empty paragraph after a closing heading, list or image.
    trailingNode: false,
    link: {
      openOnClick: false,
      autolink: true,
      defaultProtocol: 'https',
      HTMLAttributes: { target: '_blank', rel: NEW_WINDOW_REL, class: null },
      isAllowedUri: (url) => isSafeLinkHref(url),
    },
  }),
  RichImage.configure({ allowBase64: false }),
];

/** The editor's HTML, or '' when the document has no text and no image or rule. */
function htmlOf(editor: Editor): string {
  const { doc } = editor.state;
  let content = doc.textContent.trim() !== '';
  doc.descendants((node) => {
    if (node.type.name === 'image' || node.type.name === 'horizontalRule') content = true;
    return !content;
  });
  return content ? editor.getHTML() : '';
}

/** What a person types as an address, completed: `example.com` is https, `a@b.c` is mail. */
function completeHref(text: string): string {
  const value = text.trim();
  if (!value || /^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('/')) return value;
  if (/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value)) return `mailto:${value}`;
  return `https://${value}`;
}

const QuoteIcon = () => (
  <span role="img" aria-hidden="true" className="anticon">
    <svg viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor">
      <path d="M7.2 6C4.3 7.4 3 9.9 3 13.1V18h6.4v-6.3H6.2c0-1.9.9-3.4 2.8-4.4L7.2 6Zm10.6 0c-2.9 1.4-4.2 3.9-4.2 7.1V18H20v-6.3h-3.2c0-1.9.9-3.4 2.8-4.4L17.8 6Z" />
    </svg>
  </span>
);

interface ToolProps {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  /** For toggles: whether the mark or block is on at the cursor. */
  active?: boolean;
  disabled?: boolean;
}

function Tool({ label, icon, onClick, active, disabled }: ToolProps) {
  return (
    <Tooltip title={label}>
      <Button
        type="text"
        size="small"
        icon={icon}
        aria-label={label}
        aria-pressed={active}
        className={active ? 'rich-text-active' : undefined}
        disabled={disabled}
        // Keeps the focus (and the selection) in the text.
        onMouseDown={(event) => event.preventDefault()}
        onClick={onClick}
      />
    </Tooltip>
  );
}

const Divider = () => <span className="rich-text-toolbar-divider" aria-hidden="true" />;

/** A small dialog that asks for one address (and, for images, a description). */
function AddressDialog({
  open,
  title,
  addressLabel,
  address,
  onAddress,
  error,
  onOk,
  onCancel,
  extra,
  footerExtra,
}: {
  open: boolean;
  title: string;
  addressLabel: string;
  address: string;
  onAddress: (value: string) => void;
  error?: string;
  onOk: () => void;
  onCancel: () => void;
  extra?: ReactNode;
  footerExtra?: ReactNode;
}) {
  const { t } = useTranslation();
  const inputId = useId();
  return (
    <Modal
      open={open}
      title={title}
      okText={t('richText.apply')}
      cancelText={t('richText.cancel')}
      onOk={onOk}
      onCancel={onCancel}
      destroyOnHidden
      footer={(footer) => (
        <>
          {footerExtra}
          {footer}
        </>
      )}
    >
      <Form layout="vertical" component="div">
        <Form.Item
          label={addressLabel}
          htmlFor={inputId}
          validateStatus={error ? 'error' : undefined}
          help={error ? <span id={`${inputId}-error`}>{error}</span> : undefined}
        >
          <Input
            id={inputId}
            autoFocus
            value={address}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? `${inputId}-error` : undefined}
            onChange={(event) => onAddress(event.target.value)}
            onPressEnter={onOk}
          />
        </Form.Item>
        {extra}
      </Form>
    </Modal>
  );
}

export default function RichTextInput({ props }: KindInputProps<TextField>) {
  const { t, i18n } = useTranslation();
  const style = useRichTextStyle();
  const value = typeof props.value === 'string' ? props.value : '';
  const { id, disabled } = props;
  const invalid = props['aria-invalid'];
  const describedBy = props['aria-describedby'];

  // The HTML last sent out (or taken in): a value that differs came from outside (a reset).
  const emitted = useRef(value);

  const editorProps = useMemo(
    () => ({
      attributes: {
        id,
        // The content as it is shown everywhere else (links underlined in the link colour).
        class: 'rich-text',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-invalid': String(invalid),
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(disabled ? { 'aria-disabled': 'true' } : {}),
      },
    }),
    [id, invalid, describedBy, disabled],
  );

  const editor = useEditor({
    extensions: EXTENSIONS,
    content: value,
    editable: !disabled,
    editorProps,
    onUpdate: ({ editor: current }) => {
      const html = htmlOf(current);
      if (html === emitted.current) return;
      emitted.current = html;
      props.onChange(html);
    },
    onBlur: () => props.onBlur(),
  });

  // A value from outside (the form was reset, the record loaded) replaces the document, quietly.
  useEffect(() => {
    if (editor.isDestroyed || value === emitted.current) return;
    emitted.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor.isDestroyed && editor.isEditable === Boolean(disabled)) {
      editor.setEditable(!disabled, false);
    }
  }, [editor, disabled]);

  // A <label for> names only form controls, and the editor is a contenteditable element: point
  // the editor at the form item's label instead, and let a click on the label focus it.
  useEffect(() => {
    if (editor.isDestroyed) return;
    const label = document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`);
    if (!label) return;
    if (!label.id) label.id = `${id}-label`;
    editor.view.dom.setAttribute('aria-labelledby', label.id);
    const focus = () => editor.commands.focus();
    label.addEventListener('click', focus);
    return () => label.removeEventListener('click', focus);
  }, [editor, id]);

  const state = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      heading2: current.isActive('heading', { level: 2 }),
      heading3: current.isActive('heading', { level: 3 }),
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      bulletList: current.isActive('bulletList'),
      orderedList: current.isActive('orderedList'),
      blockquote: current.isActive('blockquote'),
      link: current.isActive('link'),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  // The link dialog.
  const [link, setLink] = useState<{ href: string; error?: string }>();
  const openLink = () =>
    setLink({ href: (editor.getAttributes('link').href as string | undefined) ?? '' });
  const applyLink = () => {
    if (!link) return;
    const href = completeHref(link.href);
    if (!isSafeLinkHref(href)) {
      setLink({ ...link, error: t('richText.linkInvalid') });
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link')) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] });
    } else {
      chain.extendMarkRange('link').setLink({ href });
    }
    chain.run();
    setLink(undefined);
  };
  const removeLink = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    setLink(undefined);
  };

  // The image dialog.
  const [image, setImage] = useState<{ src: string; alt: string; error?: string }>();
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const applyImage = () => {
    if (!image) return;
    const src = image.src.trim();
    if (!isSafeImageSource(src)) {
      setImage({ ...image, error: t('richText.imageInvalid') });
      return;
    }
    editor.chain().focus().setImage({ src, alt: image.alt.trim() }).run();
    setImage(undefined);
  };
  const upload = async (file: File) => {
    const form = new FormData();
    // Before the file, so the server knows whose it is when the file arrives.
    if (props.ownerId !== undefined) form.append('ownerId', String(props.ownerId));
    form.append('file', file);
    setUploading(true);
    setImage((current) => current && { ...current, error: undefined });
    try {
      const { data } = await http.post<{ url: string }>(apiUrl('/uploads?kind=image'), form);
      setImage((current) => ({ alt: current?.alt ?? '', src: data.url }));
    } catch (error) {
      const { statusCode, message } = error as HttpError;
      // The hotel's full upload space or too many uploads: said as the upload fields say it.
      const limited =
        statusCode === 429 || (statusCode === 413 && message === UPLOAD_QUOTA_MESSAGE);
      const text = limited
        ? uploadErrorText(error, t)
        : statusCode === 413
          ? t('richText.tooLarge')
          : message || t('richText.uploadFailed');
      setImage((current) => ({ src: current?.src ?? '', alt: current?.alt ?? '', error: text }));
    } finally {
      setUploading(false);
    }
  };

  const off = disabled || !editor.isEditable;
  const classes = [
    'rich-text-editor',
    invalid ? 'rich-text-editor-invalid' : '',
    disabled ? 'rich-text-editor-disabled' : '',
  ].join(' ');

  return (
    <div className={classes} style={style}>
      <div
        className="rich-text-toolbar"
        role="toolbar"
        aria-label={t('richText.toolbar')}
        aria-controls={id}
      >
        <Tool
          label={t('richText.heading2')}
          icon={<span aria-hidden="true">H2</span>}
          active={state.heading2}
          disabled={off}
          onClick={() => editor.chain().focus().toggleHeading({ level: 2 }).run()}
        />
        <Tool
          label={t('richText.heading3')}
          icon={<span aria-hidden="true">H3</span>}
          active={state.heading3}
          disabled={off}
          onClick={() => editor.chain().focus().toggleHeading({ level: 3 }).run()}
        />
        <Divider />
        <Tool
          label={t('richText.bold')}
          icon={<BoldOutlined />}
          active={state.bold}
          disabled={off}
          onClick={() => editor.chain().focus().toggleBold().run()}
        />
        <Tool
          label={t('richText.italic')}
          icon={<ItalicOutlined />}
          active={state.italic}
          disabled={off}
          onClick={() => editor.chain().focus().toggleItalic().run()}
        />
        <Divider />
        <Tool
          label={t('richText.bulletList')}
          icon={<UnorderedListOutlined />}
          active={state.bulletList}
          disabled={off}
          onClick={() => editor.chain().focus().toggleBulletList().run()}
        />
        <Tool
          label={t('richText.orderedList')}
          icon={<OrderedListOutlined />}
          active={state.orderedList}
          disabled={off}
          onClick={() => editor.chain().focus().toggleOrderedList().run()}
        />
        <Tool
          label={t('richText.quote')}
          icon={<QuoteIcon />}
          active={state.blockquote}
          disabled={off}
          onClick={() => editor.chain().focus().toggleBlockquote().run()}
        />
        <Divider />
        <Tool
          label={t('richText.link')}
          icon={<LinkOutlined />}
          active={state.link}
          disabled={off}
          onClick={openLink}
        />
        <Tool
          label={t('richText.image')}
          icon={<PictureOutlined />}
          disabled={off}
          onClick={() => setImage({ src: '', alt: '' })}
        />
        <Divider />
        <Tool
          label={t('richText.undo')}
          icon={<UndoOutlined />}
          disabled={off || !state.canUndo}
          onClick={() => editor.chain().focus().undo().run()}
        />
        <Tool
          label={t('richText.redo')}
          icon={<RedoOutlined />}
          disabled={off || !state.canRedo}
          onClick={() => editor.chain().focus().redo().run()}
        />
      </div>
      <EditorContent editor={editor} />

      <AddressDialog
        open={link !== undefined}
        title={t('richText.linkTitle')}
        addressLabel={t('richText.linkAddress')}
        address={link?.href ?? ''}
        onAddress={(href) => setLink({ href })}
        error={link?.error}
        onOk={applyLink}
        onCancel={() => setLink(undefined)}
        footerExtra={
          state.link ? (
            <Button danger onClick={removeLink}>
              {t('richText.removeLink')}
            </Button>
          ) : undefined
        }
      />

      <AddressDialog
        open={image !== undefined}
        title={t('richText.imageTitle')}
        addressLabel={t('richText.imageAddress')}
        address={image?.src ?? ''}
        onAddress={(src) => setImage({ src, alt: image?.alt ?? '' })}
        error={image?.error}
        onOk={applyImage}
        onCancel={() => setImage(undefined)}
        extra={
          <>
            <Form.Item label={t('richText.imageAlt')} htmlFor={`${id}-image-alt`}>
              <Input
                id={`${id}-image-alt`}
                value={image?.alt ?? ''}
                onChange={(event) =>
                  setImage({ src: image?.src ?? '', alt: event.target.value, error: image?.error })
                }
              />
            </Form.Item>
            <Space direction="vertical" size={4}>
              <Button
                icon={<UploadOutlined />}
                loading={uploading}
                onClick={() => fileInput.current?.click()}
              >
                {uploading ? t('richText.uploading') : t('richText.uploadImage')}
              </Button>
              <Typography.Text type="secondary">
                {t('richText.uploadHint', { size: uploadLimitText(i18n.language) })}
              </Typography.Text>
            </Space>
            <input
              ref={fileInput}
              type="file"
              hidden
              accept="image/png,image/jpeg,image/webp,image/gif"
              aria-label={t('richText.uploadImage')}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void upload(file);
              }}
            />
          </>
        }
      />
    </div>
  );
}
