import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
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

interface RunOptions<TData> {
  /** The record a record action runs on. */
  id?: number | string;
  onSuccess?: (data: TData) => void;
  onError?: (error: HttpError) => void;
}

/**
 * Runs a declared action (refund, Sync, reorder…) the one way the dashboard does: its path comes
 * from the declaration and its input is checked by the same zod schema the API applies. After it
 * succeeds, every query of the resource (its lists, its counts, the open record) asks again: an
 * action changes records the screen shows, and a record page read its status from before.
 */
export function useAction<TData extends BaseRecord = BaseRecord>(
  resource: Resource,
  action: string,
) {
  const { mutate, mutation } = useCustomMutation<TData, HttpError>();
  const invalidate = useInvalidate();
  const send = async (input: Record<string, unknown>, options: RunOptions<TData>) => {
    // The same schema the API applies; zod loads with the first action, not with the page.
    const schema = await resource.actions[action]!.input();
    const parsed = schema.safeParse(input);
    if (!parsed.success) {
      const message = parsed.error.issues.map((issue) => issue.message).join('; ');
      options.onError?.({ message, statusCode: 422 });
      return;
    }
    mutate(
      {
        url: apiUrl(actionPath(resource, action, options.id)),
        method: 'post',
        values: parsed.data as Record<string, unknown>,
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: ({ data }) => {
          // Refine's 'detail' needs the id; 'resourceAll' takes the record, lists and counts.
          void invalidate({ resource: resource.name, invalidates: ['resourceAll'] });
          options.onSuccess?.(data);
        },
        onError: (error) => options.onError?.(error),
      },
    );
  };
  const run = (input: Record<string, unknown>, options: RunOptions<TData> = {}) => {
    void send(input, options).catch((error: unknown) =>
      options.onError?.({ message: String(error), statusCode: 500 }),
    );
  };
  return { run, isPending: mutation.isPending };
}
