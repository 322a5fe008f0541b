/** Forms for guest apps: the public form and submission routes (the resources are declared). */
export {
  formPublicRoutes,
  HONEYPOT_FIELD,
  SUBMISSION_BODY_LIMIT,
  submissionBodyParser,
} from './public';
export type { PublicForm, PublicSubmission } from './public';
export { FLOOD_WINDOW_MS, MAILS_PER_WINDOW } from './notify';

import { forms, submissions } from '../../src/resources/forms';
import { serverSide } from '../engine/service';
import { defineServerFeature } from '../feature';
import { submissionMailHooks } from './notify';
import { formioShape, formPublicRoutes, submissionBodyParser } from './public';

/**
 * Forms as guest apps read them (also in Form.io's shape), guests' submissions (with a body limit
 * of their own) and the mail of a new request.
 */
export const formsServer = defineServerFeature({
  name: 'forms',
  bodyParsers: [submissionBodyParser],
  publicRoutes: [formPublicRoutes],
  serverSide: (ctx) => [
    serverSide(forms, { formats: { formio: formioShape } }),
    serverSide(submissions, submissionMailHooks(ctx)),
  ],
});
