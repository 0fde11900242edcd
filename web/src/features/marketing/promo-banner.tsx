import { Badge, Button, CloseButton, Text, UnstyledButton } from '@mantine/core';
import { useTimeout } from '@mantine/hooks';
import { IconCheck, IconCopy, IconDiscount } from '@tabler/icons-react';
import { useState } from 'react';
import type { Ref } from 'react';
import classes from './promo-banner.module.css';
import { PROMO_CODE, PROMO_COPIED_STATE_MS, PROMO_DISCOUNT_PERCENT } from './promo-banner-storage';

interface PromoBannerProps {
  onDismiss: () => void;
  ref?: Ref<HTMLDivElement>;
}

/** docs/product/screens.md#promotional-banner: the promotional bar with its promo code, a copy button and a way to dismiss it. */
export function PromoBanner({ onDismiss, ref }: PromoBannerProps) {
  const [copied, setCopied] = useState(false);
  const resetCopied = useTimeout(() => setCopied(false), PROMO_COPIED_STATE_MS);

  const copyCode = async () => {
    const { copyPromoCode } = await import('./copy-promo-code');
    if (!(await copyPromoCode())) return;
    setCopied(true);
    resetCopied.clear();
    resetCopied.start();
  };

  return (
    <div ref={ref} className={classes.banner} role="region" aria-label="Promotion" data-testid="promo-banner">
      <div className={classes.inner}>
        <Badge className={classes.badge} color="white" variant="white" size="sm" radius="sm" c="var(--mantine-primary-color-filled)">
          Limited time
        </Badge>
        <Text className={classes.text} size="sm" fw={500} c="inherit">
          Promo code <span className={classes.code}>{PROMO_CODE}</span>: {PROMO_DISCOUNT_PERCENT}% off, first purchase only.
        </Text>
        <Button
          size="compact-xs"
          variant="white"
          leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
          onClick={() => void copyCode()}
          data-testid="promo-copy"
          data-copied={copied || undefined}
        >
          {copied ? 'Copied' : 'Copy code'}
        </Button>
        <CloseButton
          className={classes.close}
          variant="transparent"
          aria-label="Dismiss promotion"
          onClick={onDismiss}
          data-testid="promo-dismiss"
        />
      </div>
    </div>
  );
}

/** The small tab left on the side of the page once the bar was dismissed. */
export function PromoSideTab({ onRestore }: { onRestore: () => void }) {
  return (
    <UnstyledButton className={classes.sideTab} onClick={onRestore} aria-label="Show the promotion" data-testid="promo-side-tab">
      <IconDiscount size={16} stroke={1.8} aria-hidden />
      <span className={classes.sideTabText}>-{PROMO_DISCOUNT_PERCENT}%</span>
    </UnstyledButton>
  );
}
