import { useTranslation } from 'react-i18next';
import type { KindValueProps } from '../types';
import { extensionOf, resolveUploadUrl } from './uploadUrl';
import { useUploadInfo } from './useUpload';

/** An `image` value in a list (a 40 px thumbnail) or on a show page (up to 240 px). */
export function ImageValue({ value, mode }: KindValueProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : String(value);
  const src = resolveUploadUrl(text);
  if (!src) return <span>{text}</span>;
  const image = (
    <img
      src={src}
      alt={t('upload.imageAlt')}
      loading="lazy"
      style={
        mode === 'cell'
          ? { width: 40, height: 40, objectFit: 'cover', borderRadius: 4, verticalAlign: 'middle' }
          : {
              display: 'block',
              maxWidth: 240,
              maxHeight: 240,
              objectFit: 'contain',
              borderRadius: 8,
            }
      }
    />
  );
  if (mode === 'cell') return image;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer">
      {image}
    </a>
  );
}

/** A `file` value: a link with the file's name that opens it in a new tab. */
export function FileValue({ value }: KindValueProps) {
  const { t } = useTranslation();
  const text = typeof value === 'string' ? value : String(value);
  const info = useUploadInfo(text);
  const src = resolveUploadUrl(text);
  const name = info?.name ?? t('upload.fileOfType', { type: extensionOf(text) || '?' });
  if (!src) return <span>{text}</span>;
  return (
    <a href={src} target="_blank" rel="noopener noreferrer">
      {name}
    </a>
  );
}
