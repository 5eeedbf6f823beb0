import type { VentureSummary } from '@app/contracts';
import { useCallback, useState } from 'react';
import { VentureEditor } from './venture-editor';
import { VenturesGrid } from './ventures-grid';
import './manage-ventures.css';

/**
 * The account page's ventures (spec §2 "Account"): the add/edit venture card above Your Ventures. Choosing
 * Edit on a venture fills the card; leaving it returns focus to that venture's Edit button. Both are framed
 * as the account page's cards (`account-card`, styled by the page).
 */
export function ManageVentures() {
  const [editing, setEditing] = useState<VentureSummary | null>(null);
  const [returnFocusTo, setReturnFocusTo] = useState<string | null>(null);
  const focusReturned = useCallback(() => setReturnFocusTo(null), []);

  return (
    <>
      <VentureEditor
        editing={editing}
        onDone={() => {
          setReturnFocusTo(editing?.id ?? null);
          setEditing(null);
        }}
      />

      <VenturesGrid
        editingId={editing?.id ?? null}
        onEdit={setEditing}
        onDeleted={(id) => setEditing((current) => (current?.id === id ? null : current))}
        returnFocusTo={returnFocusTo}
        onFocusReturned={focusReturned}
      />
    </>
  );
}
