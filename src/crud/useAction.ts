import { useCustomMutation, type BaseRecord, type HttpError } from '@refinedev/core';
import type { z } from 'zod';
import { apiUrl } from '../providers/http';
import type { Resource } from '../schema/resource';

/** The path of a declared action: `/<name>/<action>`, or `/<name>/:id/<action>` on a record. */
export function actionPath(resource: Resource, action: string, id?: number | string): string {
  const declared = resource.actions[action];
  if (!declared) throw new Error(`"${resource.name}" declares no action "${action}"`);
  if (declared.on === 'record') {
    if (id === undefined) throw new Error(`"${action}" runs on a record: give its id`);
    return `/${resource.name}/${id}/${action}`;
  }
  return `/${resource.name}/${action}`;
}

/**
 * Runs a declared action (refund, Sync, reorder…) the one way the dashboard does: its path comes
 * from the declaration and its input is checked by the same zod schema the API applies.
 */
export function useAction<TData extends BaseRecord = BaseRecord>(
  resource: Resource,
  action: string,
) {
  const { mutate, mutation } = useCustomMutation<TData, HttpError>();
  const run = (
    input: z.input<z.ZodType>,
    options: {
      id?: number | string;
      onSuccess?: (data: TData) => void;
      onError?: (error: HttpError) => void;
    } = {},
  ) => {
    const values = resource.actions[action]!.input.parse(input) as Record<string, unknown>;
    mutate(
      {
        url: apiUrl(actionPath(resource, action, options.id)),
        method: 'post',
        values,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => options.onSuccess?.(data),
        onError: (error) => options.onError?.(error),
      },
    );
  };
  return { run, isPending: mutation.isPending };
}
