/**
 * Stands in for antd's upload file list (antd/es/upload/UploadList, see vite.config.ts): every
 * upload shows its own preview and progress (`showUploadList: false`), and the real list brings
 * antd's Progress and its animations into every form with an upload.
 */
import type { ReactNode } from 'react';

/** Reached only for an Upload that shows antd's file list: says so instead of showing nothing. */
export default function UploadList(_props: { children?: ReactNode }): never {
  throw new Error("antd's upload list is stubbed out (vite.config.ts, libraryStubs)");
}
