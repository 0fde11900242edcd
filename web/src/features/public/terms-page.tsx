import { AnchorLink } from '../../components/router-links';
import { COMPANY, LEGAL_LAST_UPDATED } from './company';
import { Bullets, Clause, MailLink, Paragraph, PublicPage } from './public-page';

export function TermsPage() {
  return (
    <PublicPage eyebrow="Legal" title="Terms of service" description={`Last updated: ${LEGAL_LAST_UPDATED}`} size="md">
      <Clause title="1. Scope">
        <Paragraph>
          These terms govern the use of the KubeMarket website, console, API and services provided by {COMPANY.legalName},{' '}
          {COMPANY.registeredOffice}, to organisations ("the Customer"). Our services are intended for professional use;
          by ordering, you confirm that you act on behalf of an organisation and are authorised to bind it.
        </Paragraph>
      </Clause>

      <Clause title="2. Accounts">
        <Paragraph>
          Each user account belongs to one organisation. The Customer is responsible for the actions of its users and
          for keeping credentials and API tokens confidential. We recommend enabling two-step verification for every
          user, and require it for staff accounts of our own.
        </Paragraph>
      </Clause>

      <Clause title="3. Orders, prices and payment">
        <Bullets
          items={[
            'Prices are those shown in the console when you order, in euros, excluding VAT. Prices in other currencies are indicative.',
            'Monthly plans renew every month and can be cancelled with effect at the end of the current month.',
            'Yearly plans are paid upfront, renew for one year unless cancelled 30 days before the end of the term, and are not refundable except as set out in the service level agreement.',
            'Invoices are payable within 30 days. After a reminder and 15 more days without payment, we may suspend services; data is kept for 30 days after suspension.',
            'Promotional codes apply to the first purchase only, cannot be combined and have no cash value.',
          ]}
        />
      </Clause>

      <Clause title="4. Service levels">
        <Paragraph>
          The monthly availability commitment of each tier is stated on its product page. If we miss it, the Customer is
          entitled to service credits of 10 % of the monthly price of the affected cluster per started 0.1 percentage
          point below the commitment, up to 50 %, on request within 30 days. Service credits are the sole remedy for
          unavailability.
        </Paragraph>
      </Clause>

      <Clause title="5. Acceptable use">
        <Paragraph>The Customer shall not use the services to:</Paragraph>
        <Bullets
          items={[
            'host or distribute illegal content, or content that infringes the rights of others;',
            'send unsolicited bulk email or operate open relays;',
            'attack, scan or disrupt other networks or systems without their owner\'s authorisation;',
            'mine cryptocurrencies on shared tiers.',
          ]}
        />
        <Paragraph>We may suspend a resource that breaches these rules after notifying the Customer, or immediately when there is an ongoing attack.</Paragraph>
      </Clause>

      <Clause title="6. Customer data and data protection">
        <Paragraph>
          The Customer keeps all rights to the data it stores in the services. We process it only on the Customer's
          documented instructions, in the EU, as processor under Article 28 of the GDPR; the data processing agreement,
          available on request at <MailLink address={COMPANY.legalEmail} />, forms part of these terms. Our own processing
          as controller is described in the <AnchorLink to="/privacy-policy">privacy policy</AnchorLink>.
        </Paragraph>
      </Clause>

      <Clause title="7. Reversibility">
        <Paragraph>
          Our clusters run upstream Kubernetes. At the end of the contract the Customer can export its data and
          configuration with standard tools for 30 days, with our assistance if requested, before it is permanently
          deleted. Exit assistance beyond standard tools is billed at the rates of the current price list.
        </Paragraph>
      </Clause>

      <Clause title="8. Liability">
        <Paragraph>
          Each party is liable for direct damage caused by its breach of these terms. Except for personal injury, gross
          negligence, wilful misconduct or breach of data protection obligations, our total liability in any 12-month
          period is limited to the amounts paid by the Customer for the services concerned during that period. Neither
          party is liable for indirect damage such as loss of profit.
        </Paragraph>
      </Clause>

      <Clause title="9. Changes">
        <Paragraph>
          We may change these terms by giving 30 days' notice by email. If the Customer objects, it may terminate the
          affected services before the change applies without penalty.
        </Paragraph>
      </Clause>

      <Clause title="10. Governing law">
        <Paragraph>
          These terms are governed by French law. Any dispute that cannot be settled amicably within 30 days falls under
          the exclusive jurisdiction of the commercial courts of Paris. Questions about these terms can be sent to{' '}
          <MailLink address={COMPANY.legalEmail} />.
        </Paragraph>
      </Clause>
    </PublicPage>
  );
}
