import { useQueries } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

const STAFF_ROLES = ['officer', 'admin', 'super_admin'] as const;

/** Everyone a ticket can be assigned to: the officers, admins and super admins (first 100 of each). */
export function useStaffPeople(): { people: { id: string; name: string; email: string }[]; pending: boolean } {
  const trpc = useTRPC();
  const results = useQueries({
    queries: STAFF_ROLES.map((role) => trpc.staffUsers.search.queryOptions({ role, page: 1, pageSize: 100 }, { staleTime: 5 * 60_000 })),
  });
  const people = results
    .flatMap((result) => result.data?.items ?? [])
    .filter((person) => person.disabledAt === null)
    .map((person) => ({ id: person.id, name: person.name, email: person.email }))
    .sort((a, b) => a.name.localeCompare(b.name));
  return { people, pending: results.some((result) => result.isPending) };
}
