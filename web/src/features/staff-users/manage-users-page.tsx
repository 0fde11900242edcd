import { StaffPage } from '../officers';
import { UserDetail } from './user-detail';
import { UsersTable } from './users-table';

interface ManageUsersPageProps {
  /** The user whose page is open (the address's ?user=), or none for the list. */
  userId?: string;
  onOpen: (id: string | undefined) => void;
}

/** /officers/manage-users: find any account, open its page, and act on it. */
export function ManageUsersPage({ userId, onOpen }: ManageUsersPageProps) {
  return (
    <StaffPage title="Manage Users" description="Search every account; open one to see its sessions and sign-ins, disable it, end its sessions or reset its two-step verification." minRole="officer">
      {userId ? <UserDetail id={userId} onBack={() => onOpen(undefined)} /> : <UsersTable label="Users" onOpen={onOpen} />}
    </StaffPage>
  );
}
