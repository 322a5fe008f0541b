import { lazy } from 'react';
import { LazyPart } from '../../crud/LazyPart';
import { defineFeature } from '../types';

const MembersTab = lazy(() => import('./MembersTab'));

/**
 * A hotel's members (issue 40): its managers use the declaration's own pages (Members in the
 * menu); administrators see and manage a hotel's members on its user page's Members tab.
 */
export const membersFeature = defineFeature({
  name: 'members',
  extend: {
    users: {
      tabs: (record) =>
        record.role === 'operator'
          ? {
              members: (
                <LazyPart>
                  <MembersTab ownerId={record.id as number} />
                </LazyPart>
              ),
            }
          : {},
    },
  },
});
