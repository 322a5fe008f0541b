import express, { Router, type Request, type Response } from 'express';
import {
  forms as formsResource,
  newReference,
  submissions,
  type FormField,
} from '../../src/resources/forms';
import { checkAnswers } from '../../src/resources/formAnswers';
import { servedFormio } from '../../src/resources/formio';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { ResourceService, recordId } from '../engine/service';
import { guestPreflight, openToAll } from '../guest/open';
import { message } from '../../src/schema/messages';
import type { StoredRecord } from '../../src/schema/store';
import { asyncHandler, HttpError } from '../http/errors';
import { clientAddress } from '../http/rateLimit';
import { submitLabel } from './wording';

/** A form as guest apps get it: what they need to render it, nothing about the hotel. */
export interface PublicForm {
  id: number;
  label: string;
  locale: string;
  fields: FormField[];
}

/**
 * What a guest app gets back for a submission: the reference the guest can quote to the hotel,
 * the answers as they were kept, and when.
 */
export interface PublicSubmission {
  reference: string;
  data: Record<string, unknown>;
  createdAt: string;
}

/** A form in Form.io's component JSON, as any Form.io renderer draws it (`?format=formio`). */
export const formioShape = (form: Record<string, unknown>) =>
  servedFormio(
    { label: String(form.label), fields: (form.fields ?? []) as FormField[] },
    submitLabel(form.locale),
  );

const FORM_PATH = '/public/:slug/forms/:id';
export const SUBMISSION_PATH = '/public/:slug/forms/:id/submissions';

/**
 * The largest body a guest's submission may have: far above what the longest form's answers
 * take (100 fields, 5,000 characters at most each, is ~0.5 MB only for an abusive form), well
 * below the API's general BODY_LIMIT. Answers beyond it get 413.
 */
export const SUBMISSION_BODY_LIMIT = '64kb';

/**
 * A body field guest apps render as a hidden input (a honeypot): people leave it empty, form
 * spam bots fill it. A filled one gets the same 201 as a real submission, and nothing is kept.
 */
export const HONEYPOT_FIELD = 'website';

/** The submission route's own JSON parser with its tighter limit (mounted before the API's). */
export function submissionBodyParser(): Router {
  const router = Router({ caseSensitive: true });
  router.post(SUBMISSION_PATH, express.json({ limit: SUBMISSION_BODY_LIMIT }));
  return router;
}

/**
 * Public routes for guest apps: `GET /public/:slug/forms/:id` (the form's fields; with
 * `?format=formio` as Form.io component JSON) and `POST /public/:slug/forms/:id/submissions
 * { data }` (201 with the request's reference; answers checked against that form's own fields,
 * 422 with an error per answer in the form's language). What Form.io's renderer submits is
 * taken as it is: its `submission` object (`{ data, metadata, state }`, `data.submit`), and a
 * date field's date-time with offset as its day. Limited per client address. Another hotel's
 * form, or an unknown one, answers 404 like an unknown slug.
 */
export function formPublicRoutes(ctx: AppContext): Router {
  const { store, now, guestLimits } = ctx;
  const router = Router({ caseSensitive: true });
  const service = new ResourceService(submissions, ctx);

  guestPreflight(router, FORM_PATH, 'GET');
  guestPreflight(router, SUBMISSION_PATH, 'POST');

  /** The hotel's form by id, or 404. */
  const formOf = async (slug: string, rawId: string | undefined) => {
    const hotel = await hotelBySlug(store, slug);
    const form = await store.get(formsResource.name, recordId(rawId));
    if (!form || form.ownerId !== hotel.id) throw new HttpError(404, 'Not found');
    return { hotel, form };
  };

  router.get(
    FORM_PATH,
    asyncHandler(async (req, res) => {
      openToAll(res);
      const { form } = await formOf(String(req.params.slug), req.params.id);
      const format = req.query.format;
      if (format === 'formio') {
        res.json(formioShape(form));
        return;
      }
      if (format !== undefined) throw new HttpError(400, `Unknown format "${String(format)}"`);
      const body: PublicForm = {
        id: form.id,
        label: String(form.label),
        locale: String(form.locale),
        fields: (form.fields ?? []) as FormField[],
      };
      res.json(body);
    }),
  );

  router.post(
    SUBMISSION_PATH,
    asyncHandler(async (req, res) => {
      openToAll(res);
      await guestLimits.submissions.take(clientAddress(req.ip));
      const { hotel, form } = await formOf(String(req.params.slug), req.params.id);
      try {
        await submit(req, res, hotel.id, form);
      } catch (error) {
        // A guest reads the errors in the form's own language, like its labels.
        if (error instanceof HttpError) error.language = String(form.locale);
        throw error;
      }
    }),
  );

  /** A submission to `form` of hotel `hotelId`: checked, kept (a bot's is not), answered. */
  async function submit(req: Request, res: Response, hotelId: number, form: StoredRecord) {
    const body: unknown = req.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw new HttpError(400, 'Request body must be a JSON object');
    }
    // The answers are read as the form's fields ask (a Form.io date-time is its day; keys no
    // field names, such as Form.io's `submit`, are left out); the pipeline's hook checks them again.
    const { answers, errors } = checkAnswers(
      (form.fields ?? []) as FormField[],
      (body as Record<string, unknown>).data,
    );
    if (Object.keys(errors).length) {
      throw new HttpError(422, message('apiErrors.answersInvalid'), errors);
    }
    const trap = (body as Record<string, unknown>)[HONEYPOT_FIELD];
    if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) {
      // A bot: the same checks and answer as for a person, and nothing kept (so no request in
      // the inbox and no mail).
      const fake: PublicSubmission = {
        reference: newReference(),
        data: answers,
        createdAt: new Date(now()).toISOString(),
      };
      res.status(201).json(fake);
      return;
    }
    // The pipeline: the submission's hook checks the answers against this form's fields and
    // keeps a copy of them; one transaction; the hotel's mail once it is stored.
    const stored = await service.createFor(
      hotelId,
      { data: answers },
      { fields: ['data'], fixed: { formId: form.id } },
    );
    const answer: PublicSubmission = {
      reference: String(stored.reference),
      data: stored.data as Record<string, unknown>,
      createdAt: String(stored.createdAt),
    };
    res.status(201).json(answer);
  }

  return router;
}
