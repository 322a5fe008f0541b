import { defineServerFeature } from '../feature';
import { archiveRoutes } from './archive';
import { exportRoutes } from './export';
import { deleteHotelRoute } from './remove';

/**
 * Offboarding a hotel (issue 28): archive and unarchive it, export its data (GDPR Art. 20) and,
 * for super administrators, delete an archived hotel with everything that is its.
 */
export const offboardingServer = defineServerFeature({
  name: 'offboarding',
  routes: [archiveRoutes, exportRoutes, deleteHotelRoute],
});
