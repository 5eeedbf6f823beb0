// What the account page's parts show for given data, rendered to HTML (the unit tests run without a DOM;
// the interactions are covered by web/e2e/account.spec.ts).
import { QueryClientProvider } from '@tanstack/react-query';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { createQueryClient } from '../../../lib/query-client';
import { ventureKeys } from '../api/query-keys';
import type { AccountUser, AccountVenture } from '../types';
import { DeleteAccountSection } from './delete-account-section';
import { ProfileCard } from './profile-card';
import { VenturesGrid } from './ventures-grid';

function render(node: ReactNode, ventures?: AccountVenture[]): string {
  const queryClient = createQueryClient();
  if (ventures) queryClient.setQueryData(ventureKeys.lists(), ventures);
  return renderToStaticMarkup(
    <QueryClientProvider client={queryClient}>
      <App>
        <MemoryRouter>{node}</MemoryRouter>
      </App>
    </QueryClientProvider>,
  );
}

/** The visible text, with tags removed and spaces collapsed. */
function textOf(html: string): string {
  return html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ')
    .trim();
}

const noop = () => undefined;

const user: AccountUser = {
  id: '65f0c0ffee0000000000beef',
  username: 'ada@example.com',
  isAdmin: false,
  isActive: true,
  firstName: 'Ada',
  lastName: null,
  jobTitle: 'Founder',
  department: '',
  phoneNumber: '+1 555 010 2030',
  createdAt: new Date(2025, 0, 9, 12).toISOString(),
};

describe('Delete Account', () => {
  it('when the user is an administrator, then the button is disabled and the note says to contact the system administrator', () => {
    const html = render(<DeleteAccountSection isAdmin username={user.username} />);
    expect(html).toMatch(/<button(?=[^>]*aria-describedby="admin-delete-note")(?=[^>]*disabled="")[^>]*>/);
    expect(textOf(html)).toContain(
      'Administrator accounts cannot be deleted here. Please contact the system administrator to delete this account.',
    );
  });

  it('when the user is not an administrator, then the button is enabled and there is no note', () => {
    const html = render(<DeleteAccountSection isAdmin={false} username={user.username} />);
    expect(html).not.toMatch(/<button[^>]*disabled=""/);
    expect(textOf(html)).not.toContain('contact the system administrator');
  });
});

describe('Profile Information', () => {
  it('shows the e-mail, Member Since in US short form, and only the fields that are set', () => {
    const text = textOf(render(<ProfileCard user={user} />));
    expect(text).toContain('Email ada@example.com');
    expect(text).toContain('Member Since 1/9/2025');
    expect(text).toContain('First name Ada');
    expect(text).toContain('Job title Founder');
    expect(text).toContain('Phone number +1 555 010 2030');
    expect(text).not.toContain('Last name');
    expect(text).not.toContain('Department');
  });
});

describe('Your Ventures', () => {
  const venture: AccountVenture = {
    id: '65f0c0ffee0000000000cafe',
    name: 'Rocket Rentals',
    blurb: 'Rockets by the hour.',
    createdAt: new Date(2026, 2, 7, 12).toISOString(),
    userId: user.id,
  };

  it('when there are none, then it says No ventures yet', () => {
    const html = render(<VenturesGrid editingId={null} onEdit={noop} onDeleted={noop} />, []);
    expect(textOf(html)).toContain('No ventures yet');
  });

  it('shows each venture’s name, description and created date with Edit, Delete and View Roadmap', () => {
    const html = render(<VenturesGrid editingId={null} onEdit={noop} onDeleted={noop} />, [venture]);
    const text = textOf(html);
    expect(text).toContain('Rocket Rentals');
    expect(text).toContain('Rockets by the hour.');
    expect(text).toContain('Created 3/7/2026');
    expect(html).toContain('aria-label="Edit Rocket Rentals"');
    expect(html).toContain('aria-label="Delete Rocket Rentals"');
    expect(html).toMatch(/<a[^>]*href="\/ventures\/65f0c0ffee0000000000cafe"[^>]*>View Roadmap/);
    expect(text).not.toContain('No ventures yet');
  });

  it('while the list loads, then it says so to screen readers', () => {
    const html = render(<VenturesGrid editingId={null} onEdit={noop} onDeleted={noop} />);
    expect(textOf(html)).toContain('Loading your ventures');
  });
});
