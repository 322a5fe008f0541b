import { sendLater } from '../auth/mailer';
import type { TypedWriter } from '../store/port';
import { writePasswordReset } from '../auth/resets';
import type { AppContext } from '../context';
import { users } from '../../src/resources/users';
import {
  serverSide,
  type AfterCommit,
  type ServerAction,
  type ServerSide,
} from '../engine/service';
import { accountBlock } from '../auth/accounts';
import { HttpError } from '../http/errors';
import { message } from '../../src/schema/messages';
import { invitationMail, verificationMail } from './mails';
import { LINK_TTL_MS, writeEmailVerification } from './verification';
import { adoptUploads } from '../uploads/adopt';

interface Account {
  id: number;
  name: string;
  email: string;
  company: string;
}

type Mailing = Pick<AppContext, 'config' | 'mailer' | 'files'>;

/**
 * A verification link for the account's current address, written in the caller's transaction;
 * the answer mails it once that is stored.
 */
async function startVerification(
  { config, mailer }: Mailing,
  tx: TypedWriter,
  account: Pick<Account, 'id' | 'name' | 'email'>,
  now: number,
): Promise<AfterCommit> {
  const token = await writeEmailVerification(tx, account, now);
  const link = `${config.appUrl}/auth/verify-email?token=${token}`;
  return () => sendLater(mailer, verificationMail(account, link), 'verification', account.id);
}

/**
 * The mails around accounts, stored with the write that causes them: a new account gets an
 * invitation (the reset flow's link, valid 72 hours); an account whose email is no longer
 * verified (turned off, or a new address) gets a link that verifies it. The links are written in
 * the write's transaction; the mails go once it is stored.
 */
export function accountMailHooks(mailing: Mailing): ServerSide {
  const { config, mailer } = mailing;
  /** A new invitation link for an account that has not taken its invitation up (mailed). */
  const resendInvitation: ServerAction<typeof users> = async ({ record, store, now }) => {
    const account = record!;
    if (account.invitation === 'accepted') {
      throw new HttpError(409, message('userActions.invitationAccepted'));
    }
    // A blocked account's links are closed with the block; a new one would not work either.
    if (accountBlock(account)) throw new HttpError(409, message('userActions.accountBlocked'));
    const token = await writePasswordReset(store, account.id, now, LINK_TTL_MS);
    const link = `${config.appUrl}/auth/new-password?token=${token}`;
    const mail = invitationMail(account, account.company, link);
    return {
      answer: { sent: true },
      afterCommit: () => sendLater(mailer, mail, 'invitation', account.id),
    };
  };
  return serverSide(users, {
    actions: { resendInvitation },
    afterChange: async ({ operation, existing, record, store, now }) => {
      const account = record;
      if (operation === 'create') {
        // The wizard's logo and favicon, uploaded before the hotel existed, are the hotel's.
        await adoptUploads(mailing.files, store, account.id, ['logo', 'favicon'], now);
        const token = await writePasswordReset(store, account.id, now, LINK_TTL_MS);
        const link = `${config.appUrl}/auth/new-password?token=${token}`;
        const mail = invitationMail(account, account.company, link);
        return () => sendLater(mailer, mail, 'invitation', account.id);
      }
      const unverified =
        !account.emailVerified &&
        (Boolean(existing?.emailVerified) || existing?.email !== account.email);
      if (unverified) return startVerification(mailing, store, account, now);
    },
  });
}
