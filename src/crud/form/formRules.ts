import { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Resolver } from 'react-hook-form';
import { z } from 'zod';
import type { Field } from '../../schema/fields';
import { isShown, mayWriteField } from '../../schema/forms';
import type { Actor, Resource } from '../../schema/resource';
import { fieldSchema, withRecordRules } from '../../schema/validation';

/**
 * The declaration's rules for the fields the record shows as it stands: a field hidden by its
 * condition (another variant's) is not checked, as on the server.
 */
export function checkRecord(
  resource: Resource,
  fields: [string, Field][],
  actor: Actor,
): Resolver<FieldValues> {
  return (values, context, options) => {
    const shape = Object.fromEntries(
      fields
        .filter(([, field]) => mayWriteField(field, actor) && isShown(field, values))
        .map(([name, field]) => [name, fieldSchema(field)]),
    );
    const schema = withRecordRules(z.object(shape), resource);
    return zodResolver(schema as z.ZodType<FieldValues, FieldValues>)(values, context, options);
  };
}
