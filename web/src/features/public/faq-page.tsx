import { AnchorLink } from '../../components/router-links';
import { PageSection, PublicPage } from './public-page';
import { QuestionList } from './question-list';

const FAQ_SECTIONS = [
  {
    id: 'sovereignty',
    title: 'Sovereignty and compliance',
    items: [
      {
        question: 'What does "sovereign" mean for my data?',
        answer:
          'Your clusters, volumes, backups and logs are stored only in our EU data centres, operated by KubeMarket SAS, a European company with no parent outside the EU. No foreign law such as the US CLOUD Act gives an authority outside the EU the power to compel us to hand your data over.',
      },
      {
        question: 'Are you GDPR compliant?',
        answer:
          'Yes. We act as your processor under a data processing agreement that is part of our terms, publish our sub-processors, and keep all processing inside the EU.',
      },
      {
        question: 'Can I host health data?',
        answer:
          'Yes. Our infrastructure is certified HDS (Hébergeur de Données de Santé), as French law requires for personal health data. Health workloads should run on the Enterprise (Red) tier, which includes the HDS contract annex.',
      },
      {
        question: 'What does CISPE compliance mean?',
        answer:
          'We follow the CISPE Data Protection Code of Conduct: we never reuse customer data for our own purposes, and customers can choose to keep all data in the European Economic Area.',
      },
    ],
  },
  {
    id: 'clusters',
    title: 'Clusters',
    items: [
      {
        question: 'Which Kubernetes versions do you support?',
        answer:
          'The three most recent minor versions of upstream Kubernetes. New minor versions are available within 30 days of their release, after our conformance and upgrade tests.',
      },
      {
        question: 'Who upgrades my cluster?',
        answer:
          'We do. Patch versions are applied automatically in your maintenance window. Minor upgrades are announced 30 days ahead; you can run them earlier yourself from the console, or postpone them once.',
      },
      {
        question: 'Can I change tier later?',
        answer:
          'Yes. You can move a cluster to a larger tier from the console; node pools are replaced one node at a time, without downtime for workloads with several replicas.',
      },
      {
        question: 'How long does a new cluster take?',
        answer: 'Usually five to ten minutes from payment to a ready cluster. You can follow every step live on the provisioning page.',
      },
    ],
  },
  {
    id: 'billing',
    title: 'Pricing and billing',
    items: [
      {
        question: 'Which currency will I pay in?',
        answer:
          'Euros. Prices can be displayed in US dollars, pounds sterling or yuan at the current exchange rate, for information only.',
      },
      {
        question: 'How much do I save with yearly billing?',
        answer: 'The yearly price of each tier is lower than twelve monthly payments; the pricing page shows the exact discount of every tier.',
      },
      {
        question: 'Do you have a free trial?',
        answer:
          'The Sandbox tier costs a few euros a month and is the easiest way to try the platform. For larger evaluations, our sales team can arrange a proof of concept with credits.',
      },
      {
        question: 'Is there a promo code for new customers?',
        answer: 'Sometimes: current offers are shown in the banner at the top of the site and apply to the first purchase only.',
      },
    ],
  },
  {
    id: 'support',
    title: 'Support',
    items: [
      {
        question: 'Is support included?',
        answer:
          'Basic support, on business days by ticket and email, is included with every cluster. Business and Enterprise support plans add 24/7 response for critical incidents and faster targets.',
      },
      {
        question: 'Do you manage my applications too?',
        answer:
          'We manage the cluster: control plane, nodes, networking, storage and the add-ons you install from our marketplace. Your applications remain yours, but our engineers help you debug them under a support plan.',
      },
    ],
  },
];

export function FaqPage() {
  return (
    <PublicPage
      eyebrow="FAQ"
      title="Frequently asked questions"
      description={
        <>
          Short answers to the questions we hear most. Cannot find yours? <AnchorLink to="/contact">Contact us</AnchorLink>.
        </>
      }
      size="md"
    >
      {FAQ_SECTIONS.map((section) => (
        <PageSection key={section.id} id={section.id} title={section.title}>
          <QuestionList items={section.items} multiple />
        </PageSection>
      ))}
    </PublicPage>
  );
}
