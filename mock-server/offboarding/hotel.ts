import { message } from '../../src/schema/messages';
import type { TypedReader } from '../store/port';
import { userById } from '../auth/accounts';
import { currentUser, isAdministrator } from '../auth/session';
import { recordId } from '../engine/service';
import { HttpError } from '../http/errors';
import type { Response } from 'express';
import type { StoredUser } from '../store/types';

/** A hotel's account is an operator's; administrators' accounts are never offboarded here. */
export const isHotel = (user: StoredUser): boolean => user.role === 'operator';

/** The administrator calling, or 403. */
export function administrator(res: Response): StoredUser {
  const actor = currentUser(res);
  if (!isAdministrator(actor)) throw new HttpError(403, 'You are not allowed to do this');
  return actor;
}

/** The hotel `:id` names: 404 for no account, 409 for an administrator's account. */
export async function hotelParam(store: TypedReader, param: string): Promise<StoredUser> {
  const hotel = await userById(store, recordId(param));
  if (!hotel) throw new HttpError(404, 'Not found');
  if (!isHotel(hotel)) throw new HttpError(409, message('offboarding.errors.notHotel'));
  return hotel;
}
