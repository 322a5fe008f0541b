import { DeleteOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Space, Upload, type UploadProps } from 'antd';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadField } from '../../../schema/fields';
import type { InputProps } from '../types';
import type { useUpload } from './useUpload';

type UploadHandle = ReturnType<typeof useUpload>;
/** antd passes these on to rc-upload, which puts them on the `<input type=file>`. */
type AriaProps = { 'aria-invalid'?: boolean; 'aria-describedby'?: string };

/** The id of the text under the field that says why an upload failed. */
const errorIdOf = (props: InputProps) => `${props.id}-upload-error`;

/**
 * antd Upload settings shared by the drop zone and the Replace button: one file, no antd file
 * list (the input shows its own), the request made by `upload.start`. The hidden
 * `<input type=file>` carries the form item's id, so the field's label names it, and the
 * field's error descriptions.
 */
function uploadProps(
  field: UploadField,
  props: InputProps,
  upload: UploadHandle,
): UploadProps & AriaProps {
  const describedBy = [props['aria-describedby'], upload.error ? errorIdOf(props) : undefined]
    .filter(Boolean)
    .join(' ');
  return {
    id: props.id,
    accept: field.accept,
    multiple: false,
    maxCount: 1,
    fileList: [],
    showUploadList: false,
    disabled: props.disabled || upload.uploading,
    'aria-invalid': props['aria-invalid'] || Boolean(upload.error),
    'aria-describedby': describedBy || undefined,
    customRequest: ({ file, onSuccess, onError }) => {
      upload.start(file as File).then(
        (info) => onSuccess?.(info),
        (error: unknown) => onError?.(error as Error),
      );
    },
  };
}

/** The empty state: drop a file here, or click (or press Enter on) it to choose one. */
export function DropZone(props: {
  field: UploadField;
  input: InputProps;
  upload: UploadHandle;
  text: string;
  hint: string;
}) {
  // An empty upload the actor may not change is simply empty.
  if (props.input.disabled) return <span className="stay-secondary">—</span>;
  return (
    <Upload.Dragger {...uploadProps(props.field, props.input, props.upload)}>
      <p className="ant-upload-drag-icon" aria-hidden>
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{props.text}</p>
      <p className="ant-upload-hint">{props.hint}</p>
    </Upload.Dragger>
  );
}

/** Replace (choose another file) and Remove (empty the field) for a field that has a value. */
export function ReplaceRemove(props: {
  field: UploadField;
  input: InputProps;
  upload: UploadHandle;
  /** What is replaced or removed, e.g. the file's name (for the buttons' accessible names). */
  name?: string;
}) {
  const { t } = useTranslation();
  const { name } = props;
  if (props.input.disabled) return null;
  return (
    <Space wrap>
      <Upload {...uploadProps(props.field, props.input, props.upload)}>
        <Button
          icon={<UploadOutlined />}
          loading={props.upload.uploading}
          aria-label={name ? t('upload.replaceNamed', { name }) : undefined}
        >
          {t('upload.replace')}
        </Button>
      </Upload>
      <Button
        danger
        icon={<DeleteOutlined />}
        onClick={props.upload.remove}
        aria-label={name ? t('upload.removeNamed', { name }) : undefined}
      >
        {t('upload.remove')}
      </Button>
    </Space>
  );
}

// The progress bar shows while a file is sent only: a form's first load does not fetch it.
const Progress = lazy(() => import('antd/es/progress'));

/** Progress while a file is sent, and why the last one was refused. */
export function UploadStatus({ input, upload }: { input: InputProps; upload: UploadHandle }) {
  const { t } = useTranslation();
  return (
    <>
      <div role="status" aria-live="polite">
        {upload.uploading ? (
          <Space size="small" style={{ width: '100%', maxWidth: 320 }} direction="vertical">
            <span className="stay-secondary">{t('upload.uploading')}</span>
            <Suspense fallback={null}>
              <Progress percent={upload.percent} size="small" status="active" />
            </Suspense>
          </Space>
        ) : null}
      </div>
      {upload.error ? (
        <span className="stay-danger" role="alert" id={errorIdOf(input)}>
          {upload.error}
        </span>
      ) : null}
    </>
  );
}

/** The parts stacked: the value (or drop zone), then status and error. */
export function UploadLayout({ children }: { children: ReactNode }) {
  return (
    <Space direction="vertical" size="small" style={{ width: '100%' }}>
      {children}
    </Space>
  );
}
