import { openSealedText, type EventEnvelope } from '@app/common';
import { invitationTokenFromHash, type VentureRole } from '@app/contracts';
import { expect } from '@jest/globals';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  Browser,
  SECRET,
  startPlatform,
  unique,
  type Platform,
} from './admin-platform.ts';

export { Browser, unique };

export interface Member {
  browser: Browser;
  user: { id: string; username: string };
}

/** A venture with an owner, an editor and a viewer, each signed in through the gateway. */
export interface Team {
  ventureId: string;
  taskIds: string[];
  owner: Member;
  editor: Member;
  viewer: Member;
}

export interface TeamPlatform {
  platform: Platform;
  administrator: Browser;
  /** The raw token of the newest invitation sent to `email` (opened from the event as the mailer does). */
  tokenFor(email: string, after?: number): Promise<string>;
  /** How many invitation e-mails `email` got so far. */
  invitationsTo(email: string): number;
  team(): Promise<Team>;
  invite(
    owner: Member,
    ventureId: string,
    email: string,
    role: VentureRole,
  ): Promise<{ id: string; token: string }>;
  close(): Promise<void>;
}

/**
 * The whole platform behind the real gateway (the admin suite's, with its first administrator), and a
 * listener on its bus for invitation events, so tests can follow an invitation link as its invitee would.
 */
export async function startTeamPlatform(): Promise<TeamPlatform> {
  const platform = await startPlatform();
  const administrator = await platform.signIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  const invited: Array<EventEnvelope<'venture.member_invited'>> = [];
  await platform.bus().subscribe({
    queue: `test.team.invitations.${unique()}`,
    types: ['venture.member_invited'],
    handler: async (event) => {
      invited.push(event as EventEnvelope<'venture.member_invited'>);
    },
  });
  const to = (email: string) => invited.filter((e) => e.data.inviteeEmail === email);

  async function tokenFor(email: string, after = 0): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (to(email).length <= after) {
      if (Date.now() > deadline) throw new Error(`no invitation e-mail for ${email}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const url = openSealedText(to(email).at(-1)!.data.sealedAcceptUrl, SECRET);
    return invitationTokenFromHash(new URL(url!).hash)!;
  }

  async function invite(owner: Member, ventureId: string, email: string, role: VentureRole) {
    const before = to(email).length;
    const res = await owner.browser.call('POST', `/api/ventures/${ventureId}/invitations`, { email, role });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, token: await tokenFor(email, before) };
  }

  async function join(owner: Member, ventureId: string, member: Member, role: VentureRole): Promise<void> {
    const { token } = await invite(owner, ventureId, member.user.username, role);
    const accepted = await member.browser.call('POST', '/api/invitations/accept', { token });
    expect([accepted.status, accepted.body.role]).toEqual([200, role]);
  }

  return {
    platform,
    administrator,
    tokenFor,
    invitationsTo: (email) => to(email).length,
    invite,
    async team() {
      const [owner, editor, viewer] = await Promise.all([
        platform.newUser(),
        platform.newUser(),
        platform.newUser(),
      ]);
      const created = await owner.browser.call('POST', '/api/ventures', { name: `Team ${unique()}` });
      expect(created.status).toBe(201);
      const ventureId = created.body.id as string;
      await join(owner, ventureId, editor, 'editor');
      await join(owner, ventureId, viewer, 'viewer');
      return {
        ventureId,
        taskIds: (created.body.tasks as Array<{ id: string }>).map((task) => task.id),
        owner,
        editor,
        viewer,
      };
    },
    close: () => platform.close(),
  };
}
