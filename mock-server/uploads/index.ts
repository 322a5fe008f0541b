/** Uploads: `POST/GET /uploads`, `DELETE /uploads/:id`, the public file route and the cleanup. */
export { uploadFileRoutes, uploadRoutes } from './routes';
export { startUploadSweeper, sweepUploads, UNREFERENCED_TTL_MS } from './sweep';
export { uploadsRoot } from './storage';
export { TOO_LARGE_MESSAGE, REFUSED_TYPE_MESSAGE, REFUSED_IMAGE_MESSAGE } from './receive';
import { defineServerFeature } from '../feature';
import { uploadFileRoutes, uploadRoutes } from './routes';
import { startUploadSweeper } from './sweep';

/** Uploads: the files themselves (public), uploading; files no record references are removed (now, then hourly). */
export const uploadsServer = defineServerFeature({
  name: 'uploads',
  publicRoutes: [uploadFileRoutes],
  routes: [uploadRoutes],
  start: startUploadSweeper,
});
