import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { Outlet } from 'react-router';
import { queryClient } from '../../api/query-client.ts';
import { adoptSessionAnswers } from './adopt-early-answers.ts';

/**
 * The query cache of /login and the signed-in pages. The pages decide what to show while the session loads: the
 * signed-in layout covers the screen (spec §2), /login shows its form (see login-route.tsx).
 */
const SessionLayout = () => {
  // The session (and on gated pages the wallet state) is already on its way or here: main.tsx asked first.
  useState(() => adoptSessionAnswers(queryClient));
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
};
export default SessionLayout;
