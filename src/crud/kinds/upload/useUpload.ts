import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { InputProps } from '../types';
import {
  fetchUploadInfo,
  rememberUpload,
  uploadErrorText,
  uploadFile,
  type UploadInfo,
} from './uploadUrl';

/** The name, size and type of the stored upload `url` is (undefined while unknown). */
export function useUploadInfo(url: string): UploadInfo | undefined {
  const [info, setInfo] = useState<{ url: string; info: UploadInfo | undefined }>();
  useEffect(() => {
    if (!url) return;
    let current = true;
    void fetchUploadInfo(url).then((found) => {
      if (current) setInfo({ url, info: found });
    });
    return () => {
      current = false;
    };
  }, [url]);
  return info?.url === url ? info.info : undefined;
}

export interface UploadState {
  uploading: boolean;
  /** 0–100 while uploading. */
  percent: number;
  /** What to show under the field after a failed upload. */
  error?: string;
}

/**
 * Sends a chosen file to the API and puts the answered url into the form (`onChange`, then
 * `onBlur`); a failure is kept as text for under the field. A newer file, removing the value or
 * leaving the form cancels an upload still under way.
 */
export function useUpload(kind: 'image' | 'file', props: InputProps) {
  const { t } = useTranslation();
  const [state, setState] = useState<UploadState>({ uploading: false, percent: 0 });
  const running = useRef<AbortController | undefined>(undefined);
  const { onChange, onBlur, ownerId, onUploadError } = props;

  useEffect(() => () => running.current?.abort(), []);

  const start = useCallback(
    async (file: File): Promise<UploadInfo | undefined> => {
      running.current?.abort();
      const controller = new AbortController();
      running.current = controller;
      setState({ uploading: true, percent: 0 });
      try {
        const info = await uploadFile(file, {
          kind,
          ownerId,
          signal: controller.signal,
          onProgress: (percent) => setState((now) => ({ ...now, percent })),
        });
        if (controller.signal.aborted) return undefined;
        rememberUpload(info);
        setState({ uploading: false, percent: 100 });
        onChange(info.url);
        onBlur();
        return info;
      } catch (error) {
        if (controller.signal.aborted) return undefined;
        const text = uploadErrorText(error, t);
        setState({ uploading: false, percent: 0, error: text });
        onUploadError?.(text);
        throw error;
      } finally {
        if (running.current === controller) running.current = undefined;
      }
    },
    [kind, ownerId, onChange, onBlur, onUploadError, t],
  );

  const remove = useCallback(() => {
    running.current?.abort();
    setState({ uploading: false, percent: 0 });
    onChange('');
    onBlur();
  }, [onChange, onBlur]);

  return { ...state, start, remove };
}
