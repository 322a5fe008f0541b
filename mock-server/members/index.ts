import { members } from '../../src/resources/members';
import { message } from '../../src/schema/messages';
import { PERSON_ROLE } from '../../src/schema/user';
import { VERSION_FIELD } from '../../src/schema/versions';
import { isAdministrator } from '../../src/schema/access';
import { userByEmail, userById } from '../auth/accounts';
import { sendLater, type Addressee } from '../auth/mailer';
import { writePasswordReset } from '../auth/resets';
import type { AppContext } from '../context';
import { serverSide, type AfterCommit } from '../engine/service';
import { defineServerFeature } from '../feature';
import { memberInvitationMail } from '../hotels/mails';
import { LINK_TTL_MS } from '../hotels/verification';
import { HttpError } from '../http/errors';
import type { Store, TypedWriter } from '../store/port';
import type { StoredUser } from '../store/types';

type Row = Record<string, unknown>;

/**
 * Who a new member is (issue 40): the account their address names (a person of other hotels
 * joins this one too, keeping their one password), else a new person's account, invited by mail
 * with the 72-hour link that `POST /auth/reset-password` takes. An address that is an
 * administrator or another hotel's own login answers 409.
 */
function memberHooks({ config, mailer }: Pick<AppContext, 'config' | 'mailer'>) {
  return serverSide(members, {
    afterChange: async ({
      operation,
      existing,
      record,
      store,
      now,
    }): Promise<AfterCommit | void> => {
      if (operation === 'update') return corrected(existing!, record, store, now);
      const stamp = new Date(now).toISOString();
      const hotel = await userById(store, record.ownerId as number);
      if (!hotel) throw new HttpError(404, 'Not found');
      const found = await userByEmail(store, String(record.email));
      if (found) {
        refuseElsewhere(found, hotel.id);
        const joined = found.invitation === 'accepted';
        // The create answers this record: it says whom it names.
        Object.assign(
          record,
          await store.update('members', record.id, {
            userId: found.id,
            name: found.name,
            invitation: joined ? 'accepted' : 'pending',
            invitedAt: stamp,
            joinedAt: joined ? stamp : null,
          }),
        );
        return;
      }
      const person = await store.insert('users', {
        name: record.name,
        email: String(record.email).trim().toLowerCase(),
        role: PERSON_ROLE,
        isAdmin: false,
        isSuperAdmin: false,
        status: 'active',
        disabled: false,
        emailVerified: false,
        invitation: 'pending',
        lastSignInAt: null,
        // No password until the invitation's link sets one: nobody signs in with this one.
        passwordHash: '',
        passwordChangedAt: null,
        locales: hotel.locales,
        sourceLocale: hotel.sourceLocale,
        [VERSION_FIELD]: 1,
        createdAt: stamp,
        updatedAt: stamp,
      });
      Object.assign(
        record,
        await store.update('members', record.id, {
          userId: person.id,
          invitation: 'pending',
          invitedAt: stamp,
          joinedAt: null,
        }),
      );
      return invite(
        store,
        { id: person.id, name: String(record.name), email: String(person.email) },
        hotel,
        now,
      );
    },
  });

  /** The invitation link (72 hours), stored in the write's transaction; mailed after it. */
  async function invite(store: TypedWriter, to: Addressee, hotel: StoredUser, now: number) {
    const token = await writePasswordReset(store, to.id, now, LINK_TTL_MS);
    const link = `${config.appUrl}/auth/new-password?token=${token}`;
    const mail = memberInvitationMail(to, hotel.company || hotel.name, link);
    return () => sendLater(mailer, mail, 'invitation', to.id);
  }

  /**
   * A pending invitation corrected by a manager: the person's account takes the name and
   * address, and a new address gets the invitation (the old link dies with it).
   */
  async function corrected(existing: Row, record: Row, store: TypedWriter, now: number) {
    if (existing.email === record.email && existing.name === record.name) return;
    const person = await userById(store, record.userId as number);
    if (!person || person.role !== PERSON_ROLE) return;
    const email = String(record.email);
    if (email !== person.email) {
      const taken = await userByEmail(store, email);
      if (taken && taken.id !== person.id) {
        throw new HttpError(409, message('resources.members.emailTaken'));
      }
    }
    await store.update('users', person.id, { name: record.name, email });
    if (email === person.email) return;
    const stamp = new Date(now).toISOString();
    for (const link of await store.find('passwordResets', { userId: person.id, usedAt: null })) {
      await store.update('passwordResets', link.id, { usedAt: stamp });
    }
    const hotel = await userById(store, record.ownerId as number);
    if (!hotel) return;
    return invite(store, { id: person.id, name: String(record.name), email }, hotel, now);
  }
}

/** 409 for an address that cannot join this hotel (see memberHooks). */
function refuseElsewhere(account: StoredUser, hotelId: number): void {
  if (isAdministrator(account)) {
    throw new HttpError(409, message('resources.members.administrator'));
  }
  // A person may be a member of several hotels; a hotel's own login is that hotel.
  const elsewhere = account.role !== PERSON_ROLE && account.id !== hotelId;
  if (elsewhere) throw new HttpError(409, message('resources.members.otherHotel'));
}

/**
 * The migration of issue 40, on either store and idempotent: every hotel account without its own
 * membership becomes its hotel's first manager (joined when it has signed in before). Answers
 * how many it added.
 */
export async function migrateMembers(store: Store, now: number): Promise<number> {
  const run = () =>
    store.transaction(async (tx) => {
      const stamp = new Date(now).toISOString();
      let added = 0;
      for (const hotel of await tx.find('users', { role: 'operator' })) {
        const [own] = await tx.find('members', { ownerId: hotel.id, userId: hotel.id });
        if (own) continue;
        const joined = hotel.invitation !== 'pending';
        const since = typeof hotel.createdAt === 'string' ? hotel.createdAt : stamp;
        await tx.insert('members', membership(hotel, joined, since, stamp));
        added += 1;
      }
      return added;
    });
  try {
    return await run();
  } catch {
    // Another process migrating at the same moment stored them first: look again.
    return run();
  }
}

const membership = (hotel: Row, joined: boolean, since: string, stamp: string): Row => ({
  ownerId: hotel.id,
  userId: hotel.id,
  name: hotel.name,
  email: hotel.email,
  role: 'manager',
  invitation: joined ? 'accepted' : 'pending',
  invitedAt: since,
  joinedAt: joined ? since : null,
  [VERSION_FIELD]: 1,
  createdAt: stamp,
  updatedAt: stamp,
});

/** Hotels' members: the invitation of new people, and the migration of existing hotels. */
export const membersServer = defineServerFeature({
  name: 'members',
  serverSide: (ctx) => [memberHooks(ctx)],
  start: async ({ store, now, resources }) => {
    if (resources.includes(members)) {
      const added = await migrateMembers(store, now());
      if (added) console.log(`Made ${added} hotel account(s) the first manager of their hotel`);
    }
    return { stop: () => undefined };
  },
});
