import { FileOutlined } from '@ant-design/icons';
import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UploadField } from '../../../schema/fields';
import type { KindInputProps } from '../types';
import { DropZone, ReplaceRemove, UploadLayout, UploadStatus } from './UploadParts';
import { extensionOf, formatSize, resolveUploadUrl, uploadLimitText } from './uploadUrl';
import { useUpload, useUploadInfo } from './useUpload';

/**
 * The `file` input (a PDF by default): drop a file or click to choose one; then its name, size
 * and a preview link that opens in a new tab, Replace and Remove.
 */
export default function FileInput({ field, props }: KindInputProps<UploadField>) {
  const { t, i18n } = useTranslation();
  const upload = useUpload('file', props);
  const value = typeof props.value === 'string' ? props.value.trim() : '';
  const info = useUploadInfo(value);
  const src = value ? resolveUploadUrl(value) : undefined;
  const name = info?.name ?? t('upload.fileOfType', { type: extensionOf(value) || '?' });

  return (
    <UploadLayout>
      {value ? (
        <Flex vertical gap="small">
          <Flex gap="small" align="center" wrap>
            <FileOutlined aria-hidden />
            <strong>{name}</strong>
            {info ? (
              <span className="stay-secondary">{formatSize(info.size, i18n.language)}</span>
            ) : null}
            {src ? (
              <a
                href={src}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={t('upload.previewOf', { name })}
              >
                {t('upload.preview')}
              </a>
            ) : null}
          </Flex>
          <ReplaceRemove field={field} input={props} upload={upload} name={info?.name} />
        </Flex>
      ) : (
        <DropZone
          field={field}
          input={props}
          upload={upload}
          text={t('upload.dropFile')}
          // What the field takes (a PDF field only PDFs) and how large it may be.
          hint={t(field.accept === 'application/pdf' ? 'upload.pdfHint' : 'upload.fileHint', {
            size: uploadLimitText(i18n.language),
          })}
        />
      )}
      <UploadStatus input={props} upload={upload} />
    </UploadLayout>
  );
}
