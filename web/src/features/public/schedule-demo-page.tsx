import { LeadForm } from '../leads';
import { LeadPage } from './lead-page';

const TIME_SLOTS = [
  { value: 'morning', label: 'Morning (9:00–12:00 CET)' },
  { value: 'afternoon', label: 'Afternoon (14:00–18:00 CET)' },
] as const;

const DEMO_TOPICS = [
  { value: 'console', label: 'Ordering and operating clusters in the console' },
  { value: 'compliance', label: 'Sovereignty, GDPR and HDS compliance' },
  { value: 'automation', label: 'REST API, tokens and GitOps automation' },
  { value: 'marketplace', label: 'Add-ons and middlewares marketplace' },
  { value: 'ai', label: 'GPU clusters for AI/ML' },
] as const;

export function ScheduleDemoPage() {
  return (
    <LeadPage
      eyebrow="Demo"
      title="Schedule a live demo"
      description="See how a team orders, configures and runs a cluster on KubeMarket in 45 minutes, with time for your questions."
      asideTitle="In the demo"
      points={[
        'Order a cluster, choose its region and add-ons, and watch it provision live.',
        'Connect with kubectl, deploy an application and scale a node pool.',
        'Billing, usage reports and the audit trail your compliance team will ask for.',
        'Answers from an engineer, not a script: bring your architecture questions.',
      ]}
      form={
        <LeadForm
          kind="schedule_demo"
          title="Pick a time"
          submitLabel="Request a demo"
          rules={{ company: 'required' }}
          messageLabel="Anything we should prepare?"
          messagePlaceholder="Your current setup, the questions you want answered..."
          detailFields={[
            { name: 'preferredDate', label: 'Preferred date', type: 'date', required: true, description: 'Monday to Friday' },
            { name: 'timeSlot', label: 'Time of day', type: 'select', options: TIME_SLOTS, required: true },
            { name: 'topic', label: 'Main interest', type: 'select', options: DEMO_TOPICS },
            { name: 'attendees', label: 'Number of attendees', type: 'number', min: 1, max: 50 },
          ]}
          confirmation="We will send you a calendar invitation for your preferred slot, or suggest the closest free one, within one working day."
        />
      }
    />
  );
}
