import { lazy } from 'react';
import { LazyPart } from '../../crud/LazyPart';
import { defineFeature } from '../types';

const AuditEntryView = lazy(() =>
  import('../../crud/activity/RecordActivity').then((module) => ({
    default: module.AuditEntryView,
  })),
);

/**
 * Activity (the audit log): an entry's page shows who acted behind whom, the record and its
 * changes as a readable diff instead of their raw data.
 */
export const auditFeature = defineFeature({
  name: 'audit',
  extend: {
    audit: {
      showContent: {
        fields: ['name', 'chain', 'changes', 'details', 'actorId', 'behindId', 'recordId'],
        render: (record) => (
          <LazyPart>
            <AuditEntryView entry={record} />
          </LazyPart>
        ),
      },
    },
  },
});
