import { useGetIdentity } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { User } from '../../schema/user';
import { liveProvider, presenceChannel, type PresenceNote } from '../../providers/liveProvider';
import { LazyAlert } from '../LazyAlert';

/** This tab says again that it has the record open this often… */
const HEARTBEAT_MS = 20_000;
/** …and another's presence not heard again for this long has ended (a tab that froze). */
const EXPIRES_MS = 50_000;

/**
 * "Eva de Vries is editing this page" while another user has the record open in an edit form
 * (issue 38 point 4). It warns and blocks nothing: a save still goes through (If-Match catches
 * one that would overwrite). Ends when their form closes, or their tab (its stream ends).
 */
export function PresenceBar({ resource, id }: { resource: string; id: number | undefined }) {
  const { t, i18n } = useTranslation();
  const { data: me } = useGetIdentity<User>();
  const [others, setOthers] = useState<ReadonlyMap<string, { name: string; at: number }>>(
    new Map(),
  );
  // Presence names people (a hotel's member: their own id, not the hotel's).
  const myId = me?.personId ?? me?.id;
  useEffect(() => {
    if (id === undefined || myId === undefined) return;
    const answered = new Set<string>();
    const subscription = liveProvider.subscribe({
      channel: presenceChannel(resource),
      types: ['presence'],
      params: { subscriptionType: 'useOne', id },
      callback: (event) => {
        const note = event.payload as PresenceNote;
        const leaving = 'gone' in note || !note.editing;
        if (!leaving && (note.user.id === myId || note.stream === liveProvider.streamName()))
          return;
        // Someone who just opened it hears at once that this tab has it open too.
        if (!leaving && !answered.has(note.stream)) {
          answered.add(note.stream);
          void liveProvider.announce(resource, id, true);
        }
        setOthers((current) => {
          const next = new Map(current);
          if (leaving) next.delete(note.stream);
          else next.set(note.stream, { name: note.user.name, at: Date.now() });
          return next;
        });
      },
    });
    void liveProvider.announce(resource, id, true);
    const beat = setInterval(() => {
      void liveProvider.announce(resource, id, true);
      setOthers((current) => {
        const fresh = [...current].filter(([, seen]) => Date.now() - seen.at < EXPIRES_MS);
        return fresh.length === current.size ? current : new Map(fresh);
      });
    }, HEARTBEAT_MS);
    return () => {
      clearInterval(beat);
      liveProvider.unsubscribe(subscription);
      void liveProvider.announce(resource, id, false);
    };
  }, [resource, id, myId]);
  const names = [...new Set([...others.values()].map((other) => other.name))];
  if (names.length === 0) return null;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(names);
  return (
    <LazyAlert
      type="info"
      showIcon
      role="status"
      data-testid="presence-bar"
      message={t('live.editing', { count: names.length, names: list })}
      style={{ marginBottom: 24 }}
    />
  );
}
