import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { sessionStore } from '../../lib/browser-storage';
import { AnchorLink } from '../../components/router-links';
import { useVersionSummary } from '../meta';
import { AuthCard } from './auth-card';
import { clearMfaChallenge, readMfaChallenge } from './auth-storage';
import type { MfaChallenge } from './auth-storage';
import { MfaCodeForm } from './mfa-code-form';
import { MfaSetupStep } from './mfa-setup-step';
import { RegisterForm } from './register-form';
import { SignInForm } from './sign-in-form';

import { AUTH_TABS, type AuthTab } from './auth-tabs';

export { AUTH_TABS, type AuthTab };

interface AuthPageProps {
  tab: AuthTab;
  onTabChange: (tab: AuthTab) => void;
}

export function AuthPage({ tab, onTabChange }: AuthPageProps) {
  // A challenge left by a password or magic-link sign-in in this tab resumes at its step.
  const [challenge, setChallenge] = useState<MfaChallenge | null>(() => readMfaChallenge(sessionStore()));
  const { data: version } = useVersionSummary();

  if (challenge) {
    const cancel = () => {
      clearMfaChallenge(sessionStore());
      setChallenge(null);
    };
    return challenge.step === 'setup' ? (
      <AuthCard title="Set up two-step verification">
        <MfaSetupStep key={challenge.mfaToken} challenge={challenge} onCancel={cancel} />
      </AuthCard>
    ) : (
      <AuthCard title="Two-step verification">
        <MfaCodeForm challenge={challenge} onCancel={cancel} />
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={tab === 'register' ? 'Create your account' : 'Sign in to KubeMarket'}
      description={
        tab === 'register'
          ? 'Register your organisation to order and run managed Kubernetes clusters in European data centres.'
          : 'Welcome back. Sign in with your email address or username.'
      }
      footer={
        version?.environment === 'development' ? (
          <>
            Developing locally? <AnchorLink to="/dev-login">Use a demo account</AnchorLink>.
          </>
        ) : null
      }
    >
      <Tabs
        value={tab}
        onChange={(value) => {
          if (value === 'sign-in' || value === 'register') onTabChange(value);
        }}
        keepMounted={false}
      >
        <Tabs.List grow mb="lg">
          <Tabs.Tab value="sign-in">Sign in</Tabs.Tab>
          <Tabs.Tab value="register">Create account</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="sign-in">
          <SignInForm onChallenge={setChallenge} />
        </Tabs.Panel>
        <Tabs.Panel value="register">
          <RegisterForm />
        </Tabs.Panel>
      </Tabs>
    </AuthCard>
  );
}
