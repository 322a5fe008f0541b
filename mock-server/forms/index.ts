/** Forms for guest apps: the public form and submission routes (the resources are declared). */
export {
  formPublicRoutes,
  HONEYPOT_FIELD,
  SUBMISSION_BODY_LIMIT,
  submissionBodyParser,
} from './public';
export type { PublicForm, PublicSubmission } from './public';
import { defineServerFeature } from '../feature';
import { formPublicRoutes, submissionBodyParser } from './public';

/** Forms as guest apps read them, and guests' submissions (with a body limit of their own). */
export const formsServer = defineServerFeature({
  name: 'forms',
  bodyParsers: [submissionBodyParser],
  publicRoutes: [formPublicRoutes],
});
