import { Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UploadField } from '../../../schema/fields';
import type { KindInputProps } from '../types';
import { DropZone, ReplaceRemove, UploadLayout, UploadStatus } from './UploadParts';
import { formatSize, resolveUploadUrl, uploadLimitText } from './uploadUrl';
import { useUpload, useUploadInfo } from './useUpload';

/**
 * The `image` input: drop an image or click to choose one; then a preview with the file's name
 * and size, Replace and Remove. The server decides whether it is an image (PNG, JPEG, WebP, GIF)
 * and how large it may be; its refusal shows under the field.
 */
export default function ImageInput({ field, props }: KindInputProps<UploadField>) {
  const { t, i18n } = useTranslation();
  const upload = useUpload('image', props);
  const value = typeof props.value === 'string' ? props.value.trim() : '';
  const info = useUploadInfo(value);
  const src = value ? resolveUploadUrl(value) : undefined;

  return (
    <UploadLayout>
      {value ? (
        <Flex gap="middle" align="start" wrap>
          {src ? (
            <a href={src} target="_blank" rel="noopener noreferrer">
              <img
                src={src}
                alt={info ? t('upload.previewOf', { name: info.name }) : t('upload.imageAlt')}
                style={{
                  display: 'block',
                  maxWidth: 240,
                  maxHeight: 160,
                  objectFit: 'contain',
                  borderRadius: 8,
                  border: '1px solid rgba(128, 128, 128, 0.3)',
                }}
              />
            </a>
          ) : (
            <code className="stay-code">{value}</code>
          )}
          <Flex vertical gap="small">
            {info ? (
              <span>
                {info.name}{' '}
                <span className="stay-secondary">{formatSize(info.size, i18n.language)}</span>
              </span>
            ) : null}
            <ReplaceRemove field={field} input={props} upload={upload} name={info?.name} />
          </Flex>
        </Flex>
      ) : (
        <DropZone
          field={field}
          input={props}
          upload={upload}
          text={t('upload.dropImage')}
          hint={t('upload.imageHint', { size: uploadLimitText(i18n.language) })}
        />
      )}
      <UploadStatus input={props} upload={upload} />
    </UploadLayout>
  );
}
