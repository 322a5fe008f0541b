import express, { Router, type Request, type Response } from 'express';
import { forms as formsResource, submissions, type FormField } from '../../src/resources/forms';
import { checkAnswers } from '../../src/resources/formAnswers';
import { hotelBySlug } from '../auth/accounts';
import type { AppContext } from '../context';
import { ResourceService, recordId } from '../engine/service';
import { guestPreflight, openToAll } from '../guest/open';
import { message } from '../../src/schema/messages';
import type { StoredRecord } from '../../src/schema/store';
import { asyncHandler, HttpError } from '../http/errors';
import { clientAddress } from '../http/rateLimit';

/** A form as guest apps get it: what they need to render it, nothing about the hotel. */
export interface PublicForm {
  id: number;
  label: string;
  locale: string;
  fields: FormField[];
}

/** What a guest app gets back for a submission: the answers as they were kept, and when. */
export interface PublicSubmission {
  data: Record<string, unknown>;
  createdAt: string;
}

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
 * Public routes for guest apps: `GET /public/:slug/forms/:id` (the form's fields) and
 * `POST /public/:slug/forms/:id/submissions { data }` (201; answers checked against that form's
 * own fields, 422 with an error per answer). Limited per client address. Another hotel's form,
 * or an unknown one, answers 404 like an unknown slug.
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
      guestLimits.submissions.take(clientAddress(req.ip));
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
    const trap = (body as Record<string, unknown>)[HONEYPOT_FIELD];
    if (typeof trap === 'string' ? trap.trim() !== '' : trap !== undefined && trap !== null) {
      // A bot: the same checks and answer as for a person, and nothing kept.
      const { answers, errors } = checkAnswers(
        (form.fields ?? []) as FormField[],
        (body as Record<string, unknown>).data,
      );
      if (Object.keys(errors).length)
        throw new HttpError(422, message('apiErrors.answersInvalid'), errors);
      const fake: PublicSubmission = { data: answers, createdAt: new Date(now()).toISOString() };
      res.status(201).json(fake);
      return;
    }
    // The pipeline: the submission's hook checks the answers against this form's fields and
    // keeps a copy of them; one transaction.
    const stored = await service.createFor(hotelId, body, {
      fields: ['data'],
      fixed: { formId: form.id },
    });
    const answer: PublicSubmission = {
      data: stored.data as Record<string, unknown>,
      createdAt: String(stored.createdAt),
    };
    res.status(201).json(answer);
  }

  return router;
}
