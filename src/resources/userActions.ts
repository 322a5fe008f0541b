import { ApiError } from '../schema/errors';
import { message } from '../schema/messages';
import type { ActionArgs } from '../schema/resource';
import type { AppPermissionInput } from './userInputs';

/**
 * Sets whether a hotel may connect one app itself: its app-permissions record for that app
 * (a hotel with none may), made or changed in the action's transaction. Loaded when it runs.
 */
export async function setAppPermission({
  input,
  record,
  store,
  now,
  note,
}: ActionArgs<AppPermissionInput>): Promise<{ appId: number; canSelfConnect: boolean }> {
  const hotel = record!;
  // Only a hotel has apps; a staff account has no permission to set.
  if (hotel.role !== 'operator') throw new ApiError(422, message('userActions.notAHotel'));
  const app = await store.get('apps', input.appId);
  if (!app) throw new ApiError(422, message('userActions.noSuchApp'));
  const stamp = new Date(now).toISOString();
  const [existing] = await store.find('app-permissions', {
    ownerId: hotel.id,
    appId: input.appId,
  });
  const canSelfConnect = input.canSelfConnect;
  if (existing) {
    await store.update('app-permissions', existing.id, { canSelfConnect, updatedAt: stamp });
  } else {
    await store.insert('app-permissions', {
      ownerId: hotel.id,
      appId: input.appId,
      canSelfConnect,
      createdAt: stamp,
      updatedAt: stamp,
    });
  }
  // The log names the app as it was called then, and the value set (worded by the dashboard).
  note({ app: String(app.name), appId: input.appId, allowed: canSelfConnect });
  return { appId: input.appId, canSelfConnect };
}
