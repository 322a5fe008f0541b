import { useGetIdentity } from '@refinedev/core';
import { Space, Switch } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ALL_HOTELS, HOTEL_HEADER, type User } from '../../schema/user';

/** The list address's parameter that asks for "all my hotels" (`?hotels=all`). */
export const CHAIN_PARAM = 'hotels';

/** A read's meta for "all my hotels": the API's `X-Hotel: all` (docs/api.md). */
export type ChainMeta = { headers: Record<string, string> } | undefined;

type Owned = { ownerId?: unknown };

/**
 * "All my hotels" on a list (issue 40), for a person of several hotels: the read asks for every
 * one of their hotels (what it may read there is the declaration's `hotels()` access), each row
 * names its hotel, and changes stay with the hotel worked in (`isHere`). Nothing for others.
 */
export function useChain<Row extends Owned>(
  asked: boolean,
): {
  meta: ChainMeta;
  isHere: (row: Row) => boolean;
  column: ColumnType<Row> | undefined;
  toggle: (onChange: (all: boolean) => void) => ReactNode;
} {
  const { t } = useTranslation();
  const { data: me } = useGetIdentity<User>();
  const hotels = me?.hotels ?? [];
  const several = hotels.length > 1;
  const all = several && asked;
  const names = new Map(hotels.map((hotel) => [hotel.id, hotel.name]));
  return {
    meta: all ? { headers: { [HOTEL_HEADER]: ALL_HOTELS } } : undefined,
    isHere: (row) => !all || row.ownerId === me?.id,
    column: all
      ? {
          key: 'hotel',
          title: t('chain.hotel'),
          render: (_, row) => names.get(Number(row.ownerId)) ?? '',
        }
      : undefined,
    toggle: (onChange) =>
      several ? (
        <Space size={8}>
          <Switch checked={all} onChange={onChange} aria-labelledby="chain-all-hotels" />
          <span id="chain-all-hotels">{t('chain.allMyHotels')}</span>
        </Space>
      ) : null,
  };
}
