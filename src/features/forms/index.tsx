import { lazy } from 'react';
import { Navigate } from 'react-router';
import { forms, submissions } from '../../resources/forms';
import { defineFeature } from '../types';
import { SubmissionsLink } from './SubmissionsLink';

// Form.io (the builder and the renderer) loads with these pages only.
const FormEditorPage = lazy(() => import('./FormEditorPage'));
const SubmissionsPage = lazy(() => import('./SubmissionsPage'));

const FORMS = `/dashboard/${forms.route}`;

/**
 * Forms (spec §2): the Form.io builder as the create and edit pages of the declared `forms`, a
 * form's submissions at /dashboard/form/{id}/submissions, and a row action leading there.
 */
export const formsFeature = defineFeature({
  name: 'forms',
  extend: {
    [forms.name]: {
      createElement: <FormEditorPage key="create" action="create" />,
      editElement: <FormEditorPage key="edit" action="edit" />,
      rowActions: (record) => <SubmissionsLink record={record} />,
    },
    // Submissions are read per form; their collection's own index leads to the forms.
    [submissions.name]: { indexElement: <Navigate to={`${FORMS}/list`} replace /> },
  },
  routes: [
    {
      path: `${FORMS}/:id/submissions`,
      element: <SubmissionsPage />,
      access: { resource: submissions.name, action: 'list' },
    },
  ],
});
