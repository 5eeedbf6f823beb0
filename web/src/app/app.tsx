import { RouterProvider } from 'react-router-dom';
import { queryClient } from '../lib/query-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter(queryClient);

export function App() {
  return (
    <AppProvider queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
