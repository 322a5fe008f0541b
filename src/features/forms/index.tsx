import { lazy } from 'react';
import { Navigate } from 'react-router';
import { LazyPart } from '../../crud/LazyPart';
import { forms, submissions } from '../../resources/forms';
import { defineFeature } from '../types';
import type { SubmissionRow } from './answers';
import { REQUESTS } from './requests';
import { SubmissionsLink } from './SubmissionsLink';

// Form.io (the builder and the renderer) loads with these pages only.
const FormEditorPage = lazy(() => import('./FormEditorPage'));
const SubmissionsPage = lazy(() => import('./SubmissionsPage'));
const RequestsPage = lazy(() => import('./RequestsPage'));
const RequestPage = lazy(() => import('./RequestPage'));
const SubmissionAnswers = lazy(() => import('./SubmissionAnswers'));

const FORMS = `/dashboard/${forms.route}`;

/**
 * Forms (spec §2): the Form.io builder as the create and edit pages of the declared `forms`, a
 * form's submissions at /dashboard/form/{id}/submissions, and a row action leading there; and
 * the Requests inbox (issue 29) of all forms' submissions, its New count in the menu.
 */
export const formsFeature = defineFeature({
  name: 'forms',
  extend: {
    [forms.name]: {
      createElement: <FormEditorPage key="create" action="create" />,
      editElement: <FormEditorPage key="edit" action="edit" />,
      rowActions: (record) => <SubmissionsLink record={record} />,
    },
    // Submissions are read per form; their collection's own index leads to the forms. A
    // submission's page shows its answers by their labels, not as their stored data.
    [submissions.name]: {
      indexElement: <Navigate to={`${FORMS}/list`} replace />,
      showContent: {
        fields: ['data', 'fields'],
        render: (record) => (
          <LazyPart>
            <SubmissionAnswers row={record as unknown as SubmissionRow} titled />
          </LazyPart>
        ),
      },
    },
  },
  routes: [
    {
      path: `${FORMS}/:id/submissions`,
      element: <SubmissionsPage />,
      access: { resource: submissions.name, action: 'list' },
    },
    {
      path: REQUESTS,
      element: <RequestsPage />,
      access: { resource: submissions.name, action: 'list' },
    },
    {
      path: `${REQUESTS}/:id`,
      element: <RequestPage />,
      access: { resource: submissions.name, action: 'show' },
    },
  ],
  screens: [
    {
      key: REQUESTS,
      label: 'nav.requests',
      path: REQUESTS,
      icon: 'inbox',
      group: 'management',
      before: forms.name,
      access: { resource: submissions.name, action: 'list' },
      badge: {
        resource: submissions.name,
        filter: { status: 'new' },
        label: 'requests.newBadge',
      },
    },
  ],
  pages: [REQUESTS],
});
