import { hotelGroups } from '../../src/resources/hotelGroups';
import type { AddMemberInput } from '../../src/resources/hotelGroupInputs';
import { members } from '../../src/resources/members';
import { message } from '../../src/schema/messages';
import type { AppContext } from '../context';
import { ResourceService, serverSide, type AfterCommit } from '../engine/service';
import { HttpError } from '../http/errors';
import type { TypedWriter } from '../store/port';

type Gather = <T>(
  tx: TypedWriter,
  now: number,
  work: () => Promise<T>,
) => Promise<{ answer: T; afterCommit: AfterCommit }>;

/**
 * `POST /hotel-groups/:id/addMember` (administrators): the person joins every hotel of the group
 * with the role given, each through the members' own create (access, validation, the invitation
 * hook, audit) in the action's one transaction, so that one refusal stores nothing. The person
 * gets one mail for all: a link to choose a password, or word that they were added.
 */
export function groupSide(ctx: AppContext, gather: Gather) {
  // Made when first used: the server hooks (the invitation) are bound after the server sides.
  let service: ResourceService | undefined;
  return serverSide(hotelGroups, {
    actions: {
      addMember: async ({ actor, input, record, store, now, note }) => {
        const { email, name, role } = input as AddMemberInput;
        service ??= new ResourceService(members, ctx);
        const membersService = service;
        const hotels = await store.find('users', { id: { in: record!.hotels as number[] } });
        const { answer, afterCommit } = await gather(store, now, async () => {
          const made: Record<string, unknown>[] = [];
          const after: AfterCommit[] = [];
          for (const hotelId of record!.hotels as number[]) {
            const hotel = hotels.find((row) => row.id === hotelId);
            if (!hotel) throw new HttpError(404, 'Not found');
            const [already] = await store.find('members', {
              ownerId: hotelId,
              email: { caseless: email.trim() },
            });
            if (already) {
              throw new HttpError(
                409,
                message('resources.hotel-groups.alreadyMember', {
                  hotel: hotel.company || hotel.name,
                }),
              );
            }
            const body = { email, name, role };
            const created = await membersService.createIn(store, actor, body, { ownerId: hotelId });
            made.push(created.record);
            if (created.after) after.push(created.after);
          }
          return { made, after };
        });
        note({ email: email.trim(), role, hotels: answer.made.length });
        return {
          answer: { members: answer.made },
          afterCommit: () => [...answer.after, afterCommit].forEach((run) => run()),
        };
      },
    },
  });
}
