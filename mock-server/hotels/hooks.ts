import { writePasswordReset } from '../auth/resets';
import type { AppContext } from '../context';
import type { ServerHooks } from '../engine/service';
import { invitationMail, sendLater, verificationMail } from './mails';
import { LINK_TTL_MS, writeEmailVerification } from './verification';

interface Account {
  id: number;
  name: string;
  email: string;
  company: string;
}

/**
 * The mails around accounts, stored with the write that causes them: a new account gets an
 * invitation (the reset flow's link, valid 72 hours); an account whose email is no longer
 * verified (turned off, or a new address) gets a link that verifies it. The links are written in
 * the write's transaction; the mails go once it is stored.
 */
export function accountMailHooks({ config, mailer }: Pick<AppContext, 'config' | 'mailer'>): {
  users: ServerHooks;
} {
  return {
    users: {
      afterChange: async ({ operation, existing, record, store, now }) => {
        const account = record as unknown as Account & { emailVerified?: boolean };
        if (operation === 'create') {
          const token = await writePasswordReset(store, account.id, now, LINK_TTL_MS);
          const link = `${config.appUrl}/auth/new-password?token=${token}`;
          return () =>
            sendLater(
              mailer,
              invitationMail(account, account.company, link),
              'invitation',
              account.id,
            );
        }
        const unverified =
          !account.emailVerified &&
          (Boolean(existing?.emailVerified) || existing?.email !== account.email);
        if (!unverified) return;
        const token = await writeEmailVerification(store, account, now);
        const link = `${config.appUrl}/auth/verify-email?token=${token}`;
        return () => sendLater(mailer, verificationMail(account, link), 'verification', account.id);
      },
    },
  };
}
