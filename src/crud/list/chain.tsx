import { useGetIdentity } from '@refinedev/core';
import { Space, Switch } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { readsAllHotels } from '../../schema/access';
import type { Resource } from '../../schema/resource';
import { ALL_HOTELS, HOTEL_HEADER, type User } from '../../schema/user';

/** The list address's parameter that asks for "all my hotels" (`?hotels=all`). */
export const CHAIN_PARAM = 'hotels';

/** A read's meta for "all my hotels": the API's `X-Hotel: all` (docs/api.md). */
export type ChainMeta = { headers: Record<string, string> } | undefined;

/** A tenant's record: its `ownerId` is its hotel. */
type Owned = object;
const hotelOf = (row: Owned): number => Number((row as { ownerId?: unknown }).ownerId);

const NONE: NonNullable<User['hotels']> = [];

/** The key of the Hotel column (a phone shows it under each row's name). */
export const HOTEL_COLUMN = 'hotel';

export interface Chain<Row extends Owned> {
  /** Whether the list reads "all my hotels" now. */
  all: boolean;
  meta: ChainMeta;
  /** The other hotel a row belongs to (it opens there); undefined for the hotel worked in. */
  awayOf: (row: Row) => number | undefined;
  /** The Hotel column while reading all hotels. */
  column: ColumnType<Row> | undefined;
  /** The "All my hotels" switch, for a person of several hotels on such a list; else null. */
  toggle: ReactNode;
}

/**
 * "All my hotels" on a list (issue 40), for a person of several hotels, offered by the
 * declaration: a resource whose read access is `hotels(…)` (src/schema/access.ts). The read asks
 * for every one of their hotels (`?hotels=all` in the address), each row names its hotel, and
 * another hotel's row opens in that hotel. The view is for reading: changes are made in the
 * hotel worked in (a write names one hotel), so the list offers none while it is on.
 */
export function useChain<Row extends Owned>(resource: Resource): Chain<Row> {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const { data: me } = useGetIdentity<User>();
  const hotels = me?.hotels ?? NONE;
  const offered = hotels.length > 1 && readsAllHotels(resource.access.read);
  const all = offered && params.get(CHAIN_PARAM) === ALL_HOTELS;
  const id = me?.id;
  // The same column and rows' hotels while nothing they show changes (a list's columns are
  // built again, and every cell drawn again, when they change).
  const rows = useMemo(() => {
    const names = new Map(hotels.map((hotel) => [hotel.id, hotel.name]));
    return {
      awayOf: (row: Row) => {
        const owner = hotelOf(row);
        return all && owner !== id && names.has(owner) ? owner : undefined;
      },
      column: all
        ? ({
            key: HOTEL_COLUMN,
            title: t('chain.hotel'),
            render: (_: unknown, row: Row) => names.get(hotelOf(row)) ?? '',
          } satisfies ColumnType<Row>)
        : undefined,
    };
  }, [hotels, all, id, t]);
  const choose = (on: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set(CHAIN_PARAM, ALL_HOTELS);
        else next.delete(CHAIN_PARAM);
        return next;
      },
      { replace: true },
    );
  return {
    all,
    meta: all ? { headers: { [HOTEL_HEADER]: ALL_HOTELS } } : undefined,
    ...rows,
    toggle: offered ? (
      <Space size={8}>
        <Switch checked={all} onChange={choose} aria-labelledby="chain-all-hotels" />
        <span id="chain-all-hotels">{t('chain.allMyHotels')}</span>
      </Space>
    ) : null,
  };
}
