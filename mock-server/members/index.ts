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
import { groupSide } from './groups';
import { memberAddedMail, memberInvitationMail } from '../hotels/mails';
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
export function memberHooks({ config, mailer }: Pick<AppContext, 'config' | 'mailer'>) {
  const hooks = serverSide(members, {
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
          // raw write: the server-kept link to the person, in the create's server hook
          await store.update('members', record.id, {
            userId: found.id,
            name: found.name,
            invitation: joined ? 'accepted' : 'pending',
            invitedAt: stamp,
            joinedAt: joined ? stamp : null,
          }),
        );
        // A hotel's own login joining itself needs no word. Anyone else hears of it: with a
        // password, that they were added; without (never chose one, or removed before they
        // did), a new link, as a new person gets.
        if (found.role !== PERSON_ROLE) return;
        const to = { id: found.id, name: found.name, email: found.email };
        return tell(store, { to, hotel, link: !joined }, now);
      }
      // raw write: a person's account (role member) is the server's; no users route writes it
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
        // raw write: the server-kept link to the person, in the create's server hook
        await store.update('members', record.id, {
          userId: person.id,
          invitation: 'pending',
          invitedAt: stamp,
          joinedAt: null,
        }),
      );
      const to = { id: person.id, name: String(record.name), email: String(person.email) };
      return tell(store, { to, hotel, link: true }, now);
    },
  });

  /**
   * What a member's person is told, in the write's transaction; mailed after it. Inside a
   * group's action (see {@link gatherNotices}) it is gathered instead: one mail for all.
   */
  async function tell(store: TypedWriter, notice: Notice, now: number) {
    const gathered = batches.get(store);
    if (gathered) {
      gathered.push(notice);
      return;
    }
    return mailNotices(store, [notice], now);
  }

  /**
   * One mail to one person about one or more hotels: the invitation link (72 hours; their
   * earlier unused links end) when any notice needs one, else word that they were added.
   */
  async function mailNotices(store: TypedWriter, notices: readonly Notice[], now: number) {
    const [first] = notices;
    if (!first) return;
    const { to } = first;
    const hotels = listed(notices.map(({ hotel }) => hotel.company || hotel.name));
    if (!notices.some((notice) => notice.link)) {
      const mail = memberAddedMail(to, hotels, `${config.appUrl}/auth/login`);
      return () => sendLater(mailer, mail, 'member added', to.id);
    }
    await endLinks(store, to.id, now);
    const token = await writePasswordReset(store, to.id, now, LINK_TTL_MS);
    const link = `${config.appUrl}/auth/new-password?token=${token}`;
    const mail = memberInvitationMail(to, hotels, link);
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
    // raw write: a person's account (role member) is the server's, kept in step here
    await store.update('users', person.id, { name: record.name, email });
    if (email === person.email) return;
    const hotel = await userById(store, record.ownerId as number);
    if (!hotel) return;
    const to = { id: person.id, name: String(record.name), email };
    return tell(store, { to, hotel, link: true }, now);
  }

  /**
   * Runs `work` (a group's invitations, each through the members' pipeline) in the transaction
   * `tx` with the notices gathered per person: each person gets one mail, however many hotels.
   * Answers the work's answer and the mails to send once the transaction commits.
   */
  async function gatherNotices<T>(
    tx: TypedWriter,
    now: number,
    work: () => Promise<T>,
  ): Promise<{ answer: T; afterCommit: AfterCommit }> {
    const gathered: Notice[] = [];
    batches.set(tx, gathered);
    let answer: T;
    try {
      answer = await work();
    } finally {
      batches.delete(tx);
    }
    const sends: AfterCommit[] = [];
    for (const id of new Set(gathered.map((notice) => notice.to.id))) {
      const send = await mailNotices(
        tx,
        gathered.filter((notice) => notice.to.id === id),
        now,
      );
      if (send) sends.push(send);
    }
    return { answer, afterCommit: () => sends.forEach((send) => send()) };
  }

  return { hooks, gatherNotices };
}

/** What one new membership tells its person: the hotel, and whether they need a link. */
interface Notice {
  to: Addressee;
  hotel: StoredUser;
  link: boolean;
}

/** The notices of the transactions running a group's action, by transaction. */
const batches = new WeakMap<TypedWriter, Notice[]>();

/** Hotels' names as a sentence names them: "A", "A and B", "A, B and C". */
const listed = (names: readonly string[]): string =>
  names.length < 2 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;

/** Ends a person's unused links: the newest invitation is the one that works. */
async function endLinks(store: TypedWriter, userId: number, now: number): Promise<void> {
  const stamp = new Date(now).toISOString();
  for (const link of await store.find('passwordResets', { userId, usedAt: null })) {
    // raw write: the server's own table of reset links
    await store.update('passwordResets', link.id, { usedAt: stamp });
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
        // raw write: a data migration (issue 40) at start, with no actor
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

/**
 * Hotels' members: the invitation of new people (one hotel's, or a group's at once), and the
 * migration of existing hotels.
 */
export const membersServer = defineServerFeature({
  name: 'members',
  serverSide: (ctx) => {
    const { hooks, gatherNotices } = memberHooks(ctx);
    return [hooks, groupSide(ctx, gatherNotices)];
  },
  start: async ({ store, now, resources }) => {
    if (resources.includes(members)) {
      const added = await migrateMembers(store, now());
      if (added) console.log(`Made ${added} hotel account(s) the first manager of their hotel`);
    }
    return { stop: () => undefined };
  },
});
