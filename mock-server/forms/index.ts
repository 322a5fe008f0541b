/** Forms for guest apps: the public form and submission routes (the resources are declared). */
export {
  formPublicRoutes,
  HONEYPOT_FIELD,
  SUBMISSION_BODY_LIMIT,
  submissionBodyParser,
} from './public';
export type { PublicForm, PublicSubmission } from './public';
export { FLOOD_WINDOW_MS, MAILS_PER_WINDOW } from './notify';

import type { AppContext } from '../context';
import type { ServerHooks } from '../engine/service';
import { submissionMailHooks } from './notify';
import { formioShape } from './public';

/** The API's own part of forms: the Form.io shape of a form, the mail of a new request. */
export const formServerHooks = (
  ctx: Pick<AppContext, 'config' | 'mailer'>,
): Record<string, ServerHooks> => ({
  forms: { formats: { formio: formioShape } },
  submissions: submissionMailHooks(ctx),
});
