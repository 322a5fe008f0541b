import { lazy, Suspense } from 'react';
import { defineFeature } from '../types';

const AddMemberAction = lazy(() => import('./AddMemberAction'));

/**
 * Hotel groups (issue 40): the declaration's own pages, plus "Add a person to all hotels" on a
 * group's page.
 */
export const hotelGroupsFeature = defineFeature({
  name: 'hotel-groups',
  extend: {
    'hotel-groups': {
      showActions: (record) => (
        // A button: nothing while its chunk loads.
        <Suspense key="addMember" fallback={null}>
          <AddMemberAction record={record} />
        </Suspense>
      ),
    },
  },
});
