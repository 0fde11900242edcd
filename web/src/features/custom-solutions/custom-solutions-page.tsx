import { Alert } from '@mantine/core';
import { ORGANIZATION_ROLE_LABELS, roleCan } from '@kubemarket/shared';
import { IconLock } from '@tabler/icons-react';
import { PageLayout } from '../../components/page-header';
import { SectionCard } from '../../components/section-card';
import { useSessionUser } from '../auth';
import { useOfficersAccess } from '../officers';
import { OrganizationRequests } from './organization-requests';
import { RequestForm } from './request-form';
import { StaffQueue } from './staff-queue';

/**
 * /custom-solutions: a request form for what the catalogue lacks and the organisation's requests
 * with the solutions team's answers; staff also get the queue of every customer's requests.
 */
export function CustomSolutionsPage() {
  const user = useSessionUser();
  const staff = useOfficersAccess();
  const mayRequest = roleCan(user.organizationRole, 'orders:write');

  return (
    <PageLayout
      size="lg"
      title="Custom Solutions"
      description="Need a cluster shape, hardware, region, certification or managed service that the catalogue does not offer? Tell our solutions team what you need: we design it with you and send a proposal."
    >
      {staff ? (
        <SectionCard id="customer-requests" title="Requests from customers" description="Every organisation's requests, newest first. Open one to answer it.">
          <StaffQueue />
        </SectionCard>
      ) : null}

      <SectionCard id="new-request" title="Request a custom solution" description="The more you tell us, the sooner we can propose something concrete.">
        {mayRequest ? (
          <RequestForm />
        ) : (
          <Alert variant="light" color="gray" icon={<IconLock size={18} />} data-testid="custom-solution-not-allowed">
            Your role in {user.companyName ?? 'your organisation'} ({ORGANIZATION_ROLE_LABELS[user.organizationRole]}) cannot send requests. Ask an owner,
            administrator or member of your organisation to send it; you can follow every request below.
          </Alert>
        )}
      </SectionCard>

      <SectionCard id="organization-requests" title="Your organisation's requests" description="Everyone in your organisation sees these requests and our answers.">
        <OrganizationRequests />
      </SectionCard>
    </PageLayout>
  );
}
