// Written by hand: a data step only (the tables do not change), so `npm run db:migrate:new` had
// nothing to plan. Data from before some fields were shared across a translation group (an
// amenity's photo and coordinates, a category's colour, a page's design) is brought into line.
import { resources } from '../../src/resources';
import { shareAcrossLanguages } from '../engine/translations';
import { type Migration } from '../store/migrations';

export default {
  name: '0002-share-fields-across-languages',
  up: [],
  down: [],
  data: {
    up: async (docs) => {
      const changed = await shareAcrossLanguages(docs, resources);
      if (changed)
        console.log(`Made the shared fields of ${changed} translation(s) equal to their source`);
    },
    // Nothing to undo: the values the languages had apart are not kept.
  },
} satisfies Migration;
