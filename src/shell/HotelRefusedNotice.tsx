import { useGetIdentity } from '@refinedev/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hotelRefused } from '../providers/hotel';
import { useToasts } from '../providers/toasts';
import type { User } from '../schema/user';

/**
 * Says why this page opened in another hotel than its address named: the address (an old
 * bookmark, a link) was of a hotel that is not the person's, or no longer (authProvider).
 */
export function HotelRefusedNotice() {
  const { t } = useTranslation();
  const { notification } = useToasts();
  const { data: user } = useGetIdentity<User>();
  const refused = hotelRefused();
  const hotel = user?.hotels?.find(({ id }) => id === user.id)?.name ?? user?.company ?? '';
  useEffect(() => {
    if (!refused || !user) return;
    notification.warning({
      key: 'hotel-refused',
      message: t('chain.notYourHotel'),
      description: t('chain.notYourHotelDetail', { hotel }),
      duration: 10,
    });
  }, [refused, user, hotel, notification, t]);
  return null;
}
