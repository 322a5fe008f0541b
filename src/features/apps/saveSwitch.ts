import { useCreate, useUpdate, type BaseRecord } from '@refinedev/core';
import { versionOf } from '../../schema/versions';

/**
 * Saves one switch: updates its record, or creates it (a hotel or an app without one may
 * connect itself). Each goes through the API's pipeline, which audits it.
 */
export function useSaveSwitch() {
  const create = useCreate();
  const update = useUpdate();
  return async (
    resource: string,
    record: BaseRecord | undefined,
    values: Record<string, unknown>,
  ): Promise<void> => {
    if (record?.id !== undefined)
      await update.mutateAsync({
        resource,
        id: record.id,
        values,
        // The version on screen: a switch someone else flipped meanwhile is told (412).
        meta: { ifMatch: versionOf(record) },
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      });
    else
      await create.mutateAsync({
        resource,
        values,
        invalidates: [],
        successNotification: false,
        errorNotification: false,
      });
  };
}
