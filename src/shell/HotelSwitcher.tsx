import { useGetIdentity } from '@refinedev/core';
import { Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { HOME_PATH } from '../providers/paths';
import { chosenHotel, hotelPath, openHotel } from '../providers/hotel';
import type { User } from '../schema/user';
import { inHeader } from './popupContainer';

/**
 * The hotel switcher of the header (issue 40), for a person of several hotels: the hotel they
 * work in, with their role in each; another one opens the same page in that hotel.
 */
const currentAddress = () => location.pathname + location.search + location.hash;

export function HotelSwitcher({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { data: user } = useGetIdentity<User>();
  const hotels = user?.hotels ?? [];
  const several = hotels.length > 1;
  // An address naming no hotel (a new sign-in, a bookmark, "log in as") takes the one the API
  // acts for: the last one chosen.
  const unnamed = several && chosenHotel() === undefined;
  useEffect(() => {
    if (unnamed && user) location.replace(hotelPath(user.id, currentAddress()));
  }, [unnamed, user]);
  if (!user || !several) return null;
  return (
    <Select<number>
      aria-label={t('header.hotel')}
      value={user.id}
      getPopupContainer={inHeader}
      popupMatchSelectWidth={false}
      style={{ width: compact ? 160 : 220, flex: 'none' }}
      options={hotels.map((hotel) => ({
        value: hotel.id,
        label: hotel.name,
        role: t(`resources.members.options.role.${hotel.role}`),
      }))}
      optionRender={(option) => (
        <span>
          {option.label} <span style={{ opacity: 0.65 }}>· {String(option.data.role)}</span>
        </span>
      )}
      onChange={(hotel) => {
        if (hotel !== user.id) openHotel(hotel, pathname, HOME_PATH);
      }}
    />
  );
}
