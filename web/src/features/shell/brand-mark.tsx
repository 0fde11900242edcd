import { ThemeIcon } from '@mantine/core';
import { IconHexagon } from '@tabler/icons-react';

export function BrandMark() {
  return (
    <ThemeIcon size="md" radius="sm" variant="filled" aria-hidden>
      <IconHexagon size={16} stroke={2.2} />
    </ThemeIcon>
  );
}
