import { fireEvent, screen, within } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { useState } from 'react';
import { Route, Routes, useNavigate } from 'react-router';
import { beforeAll, expect, it } from 'vitest';
import { renderInRefine } from './refineHarness';
import { testI18n } from './testI18n';
import { DeleteRecordButton } from '../../src/crud/DeleteRecordButton';

let i18n: I18n;
beforeAll(async () => {
  i18n = await testI18n();
});

/**
 * A record's page, deleting it: the page may lose the record before the delete's answer comes
 * (Refine drops its query and the page refetches a 404, or the live stream says it is gone), and
 * so unmount its Delete button. The answer must still take the person to the list, not leave
 * them on "not found" (an e2e run met this: the DELETE was answered 200, the page stayed).
 */
it('a record deleted from its page goes to the list, also when the page loses it first', async () => {
  let loseRecord = () => {};
  function ShowPage() {
    const [gone, setGone] = useState(false);
    const navigate = useNavigate();
    loseRecord = () => setGone(true);
    if (gone) return <p>Not found</p>;
    return (
      <DeleteRecordButton
        resource="rooms"
        id={1}
        name="Lamp room"
        onDeleted={() => navigate('/dashboard/rooms/list')}
      />
    );
  }
  renderInRefine(
    <Routes>
      <Route path="/dashboard/rooms/1/show" element={<ShowPage />} />
      <Route path="/dashboard/rooms/list" element={<p>The rooms list</p>} />
    </Routes>,
    {
      i18n: () => i18n,
      path: '/dashboard/rooms/1/show',
      stored: [{ id: 1, name: 'Lamp room' }],
      resources: [
        { name: 'rooms', list: '/dashboard/rooms/list', show: '/dashboard/rooms/:id/show' },
      ],
      dataProvider: {
        deleteOne: async () => {
          loseRecord();
          await new Promise((resolve) => setTimeout(resolve, 20));
          return { data: { id: 1 } as never };
        },
      },
    },
  );
  fireEvent.click(await screen.findByRole('button', { name: /Delete$/ }));
  const question = await screen.findByRole('tooltip');
  fireEvent.click(within(question).getByRole('button', { name: /Delete$/ }));
  expect(await screen.findByText('The rooms list')).toBeInTheDocument();
});
