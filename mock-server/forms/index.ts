/** Forms for guest apps: the public form and submission routes (the resources are declared). */
export {
  formPublicRoutes,
  HONEYPOT_FIELD,
  SUBMISSION_BODY_LIMIT,
  submissionBodyParser,
} from './public';
export type { PublicForm, PublicSubmission } from './public';
