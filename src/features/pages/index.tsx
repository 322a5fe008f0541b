import { lazy } from 'react';
import { defineFeature } from '../types';
import { templatePictures } from './templatePictures';

// The guest-app preview (fonts, PDF rendering) loads only with a page's form.
const PagePreview = lazy(() => import('./PagePreview'));

/**
 * Content pages: a live preview of the page in the guest app beside its create and edit forms,
 * and the templates chosen from pictures.
 */
export const pagesFeature = defineFeature({
  name: 'pages',
  extend: { pages: { formAside: PagePreview, optionPictures: templatePictures } },
});
