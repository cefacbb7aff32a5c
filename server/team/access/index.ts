// The team area's data, split at its one door: what pages may change (members, sessions, tags,
// themes, the audit, a deletion) and what they read, which only a member's reader reads
// (./reader.ts). The store itself stays here; pages never hold it (server/team/context.ts).
import type { FastifyRequest } from 'fastify';
import type { ResolvedSurvey } from '../../../engine';
import type {
  AuditStore,
  FeedbackUpkeep,
  MemberStore,
  NoteStore,
  SessionStore,
  TagStore,
  TeamStore,
  ThemeStore,
} from '../../storage/team-types';
import { teamReader, type TeamReader } from './reader';
import { scopeRules } from './scope';

export { isSearchTimeout, withinBudget, type Segment, type TeamReader } from './reader';
export type { FilterPart } from './scope';

/** What the team's pages may change, and the sign-in's reads of members and sessions. */
export type TeamWrites = MemberStore &
  SessionStore &
  Pick<AuditStore, 'audit' | 'countAudit'> &
  Omit<TagStore, 'listTags' | 'tagsOf'> &
  Omit<ThemeStore, 'listThemes'> &
  Omit<NoteStore, 'listNotes'> &
  Pick<FeedbackUpkeep, 'deleteFeedback'>;

const WRITES: (keyof TeamWrites)[] = [
  ...([
    'addMember',
    'getMember',
    'memberByEmail',
    'listMembers',
    'setRole',
    'removeMember',
  ] as const),
  ...(['addCredential', 'credential', 'credentialsOf', 'setCounter'] as const),
  ...([
    'addInvitation',
    'invitation',
    'useInvitation',
    'pendingInvitations',
    'withdrawInvitation',
    'cancelInvitations',
  ] as const),
  ...(['addSession', 'session', 'touchSession', 'removeSession', 'removeExpiredSessions'] as const),
  ...(['useChallenge', 'purgeUsedChallenges'] as const),
  ...(['addSsoPending', 'takeSsoPending', 'purgeSsoPending'] as const),
  'audit',
  'countAudit',
  ...(['addTag', 'renameTag', 'removeTag', 'tag', 'untag'] as const),
  ...(['addTheme', 'updateTheme', 'removeTheme'] as const),
  ...(['addNote', 'removeNote'] as const),
  'deleteFeedback',
];

export interface TeamData {
  /** Only these methods of the store, so no cast reaches a read past the scope. */
  writes: TeamWrites;
  /** The signed-in member's reader for this request (the same one all through it). */
  reader(request: FastifyRequest): TeamReader;
  /**
   * A viewer's reader with no request and no member behind it, for the start-up warm-up
   * (../warm-up.ts), whose pages are drawn and thrown away: it reads what any viewer may.
   */
  warmUpReader(): TeamReader;
}

export function teamData(
  store: TeamStore,
  options: {
    surveys: Map<string, ResolvedSurvey>;
    clock: () => Date;
    audit(request: FastifyRequest, action: string, target: string): Promise<void>;
  },
): TeamData {
  const writes = Object.fromEntries(
    WRITES.map((name) => [name, (store[name] as (...args: never[]) => unknown).bind(store)]),
  ) as unknown as TeamWrites;
  const rules = scopeRules(options.surveys.values());
  const readers = new WeakMap<FastifyRequest, TeamReader>();
  return {
    writes,
    reader(request) {
      const member = request.team?.member;
      // Reached only after the route's allow(): a page without a signed-in member reads nothing.
      if (!member) throw new Error('a team read needs a signed-in member');
      let reader = readers.get(request);
      if (!reader) {
        reader = teamReader(store, member, {
          surveys: options.surveys,
          rules,
          now: options.clock,
          audit: (target) => options.audit(request, 'search-personal', target),
        });
        readers.set(request, reader);
      }
      return reader;
    },
    warmUpReader: () =>
      teamReader(
        store,
        { id: 'warm-up', email: '', role: 'viewer', created: options.clock() },
        {
          surveys: options.surveys,
          rules,
          now: options.clock,
          // A viewer's reads hold nothing personal to audit; refused loudly should one ever do.
          audit: async (target) => {
            throw new Error(`the warm-up reads nothing personal (${target})`);
          },
        },
      ),
  };
}
