import { Table, Text } from '@mantine/core';
import { AnchorLink } from '../../components/router-links';
import { COMPANY, LEGAL_LAST_UPDATED } from './company';
import { Bullets, Clause, MailLink, Paragraph, PublicPage } from './public-page';

const PROCESSING = [
  { purpose: 'Providing the service: accounts, clusters, orders, support', data: 'Identity and contact details, organisation, usage and technical logs', basis: 'Performance of the contract (Art. 6(1)(b) GDPR)', retention: 'Duration of the contract, then 3 years' },
  { purpose: 'Billing and accounting', data: 'Billing details, invoices, payment status', basis: 'Legal obligation (Art. 6(1)(c))', retention: '10 years, as French accounting law requires' },
  { purpose: 'Security of the platform and fraud prevention', data: 'IP addresses, sign-in events, sessions, audit logs', basis: 'Legitimate interest (Art. 6(1)(f))', retention: '1 year' },
  { purpose: 'Answering requests (contact, demo, quote, migration)', data: 'Name, email, company, phone, message', basis: 'Pre-contractual steps at your request (Art. 6(1)(b))', retention: '3 years after the last contact' },
  { purpose: 'Newsletter', data: 'Email address, subscription status', basis: 'Consent (Art. 6(1)(a)), withdrawn at any time', retention: 'Until you unsubscribe' },
  { purpose: 'Audience measurement and marketing cookies', data: 'Cookie identifiers, pages viewed', basis: 'Consent (Art. 6(1)(a)), through the cookie banner', retention: '13 months at most' },
];

export function PrivacyPolicyPage() {
  return (
    <PublicPage eyebrow="Legal" title="Privacy policy" description={`Last updated: ${LEGAL_LAST_UPDATED}`} size="md">
      <Clause title="1. Who we are">
        <Paragraph>
          This policy explains how {COMPANY.legalName}, {COMPANY.registeredOffice} ("KubeMarket", "we") processes personal
          data when you visit our website, create an account, order and use our services, or contact us. For these
          purposes we are the controller. For the data you store in your clusters, we act as your processor under the
          data processing agreement that forms part of our <AnchorLink to="/terms">terms of service</AnchorLink>.
        </Paragraph>
        <Paragraph>
          Our data protection officer can be reached at <MailLink address={COMPANY.dpoEmail} />.
        </Paragraph>
      </Clause>

      <Clause title="2. What we process, why, and for how long">
        <Table.ScrollContainer minWidth={680}>
          <Table withTableBorder striped fz="sm" verticalSpacing="sm">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Purpose</Table.Th>
                <Table.Th>Data</Table.Th>
                <Table.Th>Legal basis</Table.Th>
                <Table.Th>Retention</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PROCESSING.map((row) => (
                <Table.Tr key={row.purpose}>
                  <Table.Td>{row.purpose}</Table.Td>
                  <Table.Td>{row.data}</Table.Td>
                  <Table.Td>{row.basis}</Table.Td>
                  <Table.Td>{row.retention}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Clause>

      <Clause title="3. Where your data is stored">
        <Paragraph>
          All personal data is stored and processed in data centres located in the European Union and operated by
          KubeMarket. We do not transfer personal data outside the European Economic Area, and none of our
          sub-processors is subject to legislation that would allow a non-EU authority to compel access to it.
        </Paragraph>
      </Clause>

      <Clause title="4. Who receives it">
        <Paragraph>Personal data is accessible only to KubeMarket staff who need it for their job, and to:</Paragraph>
        <Bullets
          items={[
            'our payment service provider, established in the EU, for card and SEPA payments;',
            'our email delivery provider, established in the EU, for transactional emails and the newsletter;',
            'our accountants and auditors, bound by professional secrecy;',
            'public authorities, only when EU or member-state law requires it, and after checking the legal basis of each request.',
          ]}
        />
        <Paragraph>We never sell personal data, and never use customer data to train models or for advertising.</Paragraph>
      </Clause>

      <Clause title="5. Your rights">
        <Paragraph>
          Under the GDPR you have the right to access your data, to have it corrected or erased, to restrict or object to
          its processing, to data portability, and to withdraw your consent at any time without affecting earlier
          processing. You can also give instructions on what happens to your data after your death.
        </Paragraph>
        <Paragraph>
          Write to <MailLink address={COMPANY.privacyEmail} /> from the address of your account. We answer within one
          month. If you believe your rights are not respected, you may lodge a complaint with the Commission Nationale de
          l'Informatique et des Libertés (CNIL) or the supervisory authority of your country.
        </Paragraph>
      </Clause>

      <Clause title="6. Security">
        <Paragraph>
          Passwords are stored as salted hashes with a memory-hard function, sessions can be reviewed and revoked from
          your account, and two-step verification is available for every account. Data is encrypted in transit and at
          rest. Our infrastructure is ISO 27001 and HDS certified, and staff access to production is logged and
          reviewed.
        </Paragraph>
      </Clause>

      <Clause title="7. Cookies">
        <Paragraph>
          We use strictly necessary cookies to run the site, and other cookies only with your consent. The details and
          your choices are in our <AnchorLink to="/cookie-policy">cookie policy</AnchorLink>.
        </Paragraph>
      </Clause>

      <Clause title="8. Changes to this policy">
        <Text lh={1.7}>
          When we change this policy we update the date at the top of this page. Significant changes are announced by
          email to account holders at least 30 days before they apply.
        </Text>
      </Clause>
    </PublicPage>
  );
}
